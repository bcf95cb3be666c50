import Users from 'lucide-react/icons/users';
import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useHelperMode } from '../../lib/helper-mode';
import { FormattedMessage } from 'react-intl';
import { useT } from '../../i18n/use-t';
import { theirRelation } from '../../lib/family-relations';

/**
 * Whose profile the app is working on, for an account that helps with one or more profiles: "Acting for Arjun",
 * with a switch when there is more than one to choose from (two children, or the account's own profile too).
 */
export function HelperBar() {
  const mode = useHelperMode();
  const queryClient = useQueryClient();
  const selectId = useId();
  const t = useT();
  if (mode.profiles.length === 0) return null;
  const choices = [
    ...(mode.hasOwnProfile ? [{ value: 'self', label: t('helper.ownProfile') }] : []),
    ...mode.profiles.map((p) => ({ value: String(p.profileId), label: p.candidateName ?? t('helper.profileNumber', { id: p.profileId }) })),
  ];
  const current = mode.helping ? String(mode.helping.profileId) : 'self';
  const name = mode.helping?.candidateName ?? t('helper.them');
  const choose = (value: string) => {
    mode.choose(value === 'self' ? 'self' : Number(value));
    // Screens already open (a profile's like state, its chat link) answer for whom the app now acts.
    void queryClient.invalidateQueries();
  };
  return (
    <section className="helper-bar" aria-label={t('helper.label')}>
      <Users size={18} aria-hidden="true" className="helper-bar__icon" />
      {choices.length > 1 ? (
        <>
          <label htmlFor={selectId} className="helper-bar__label">
            {mode.helping ? t('helper.actingFor') : t('helper.workingOn')}
          </label>
          <select id={selectId} className="helper-bar__select" value={current} onChange={(e) => choose(e.target.value)}>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </>
      ) : (
        <span className="helper-bar__label">
          <FormattedMessage id="helper.actingForName" values={{ name, strong: (chunks) => <strong>{chunks}</strong> }} />
        </span>
      )}
      {mode.helping ? <span className="helper-bar__relation">{t('helper.asRelation', { relation: theirRelation(mode.helping.relation) })}</span> : null}
    </section>
  );
}

import { useId } from 'react';
import { communitySuggestions } from '../../../contracts/profile-basics';
import { TextField, type TextFieldProps } from '../ui/text-field';
import { useT } from '../../i18n/use-t';

/**
 * The community a family belongs to: free text, optional, with suggestions for the religion and mother tongue chosen
 * (a datalist, so any other answer can be typed).
 */
export function CommunityField({ religion, motherTongue, ...props }: Omit<TextFieldProps, 'label' | 'list'> & { religion: string; motherTongue: string }) {
  const listId = useId();
  const t = useT();
  const suggestions = communitySuggestions(religion || null, motherTongue || null);
  return (
    <>
      <TextField
        label={t('editor.field.community')}
        autoComplete="off"
        placeholder={suggestions.length ? t('editor.communityExample', { names: suggestions.slice(0, 2).join(', ') }) : t('editor.communityPlaceholder')}
        hint={t('editor.communityHint')}
        list={suggestions.length ? listId : undefined}
        {...props}
      />
      {suggestions.length ? (
        <datalist id={listId}>
          {suggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      ) : null}
    </>
  );
}

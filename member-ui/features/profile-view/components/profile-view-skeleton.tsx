import { useT } from '../../../i18n/use-t';

/** Placeholder blocks in the shape of the profile while it loads. */
export function ProfileViewSkeleton() {
  const t = useT();
  return (
    <div className="profile-view" role="status" aria-live="polite" aria-label={t('safety.loadingProfile')}>
      <div className="skeleton skeleton--photo" />
      <div className="card profile-intro">
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--short" />
      </div>
      <div className="card">
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--short" />
      </div>
    </div>
  );
}

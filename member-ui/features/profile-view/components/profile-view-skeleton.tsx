/** Placeholder blocks in the shape of the profile while it loads. */
export function ProfileViewSkeleton() {
  return (
    <div className="profile-view" role="status" aria-live="polite" aria-label="Loading profile">
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

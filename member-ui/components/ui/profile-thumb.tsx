import { useState } from 'react';
import { initialOf } from '../../lib/format';
import { cn } from './cn';

/**
 * A profile's main photo (the server already sends the blurred rendition where privacy asks for it), or the
 * first letter of the name on a warm gradient when there is no photo or it fails to load.
 */
export function ProfileThumb({
  src,
  name,
  className,
  loading = 'lazy',
  fetchPriority,
  decorative = false,
}: {
  src: string | null | undefined;
  name: string;
  /** The name is written right beside the photo: the image adds nothing for a screen reader. */
  decorative?: boolean;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** 'high' for a screen's largest paint (with loading 'eager'): requested before the other images. */
  fetchPriority?: 'high';
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className={cn('profile-thumb', 'profile-thumb--empty', className)} role="img" aria-label={`${name}, no photo`}>
        <span aria-hidden="true">{initialOf(name)}</span>
      </div>
    );
  }
  return (
    <img
      className={cn('profile-thumb', className)}
      src={src}
      alt={decorative ? '' : name}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

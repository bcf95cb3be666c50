import { LoaderCircle } from 'lucide-react';

export function Spinner({ label }: { label: string }) {
  return (
    <div className="ops-spinner" role="status">
      <LoaderCircle className="ops-spinner__icon" aria-hidden="true" size={20} />
      <span>{label}</span>
    </div>
  );
}

import { Lock } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { paths } from '../../lib/paths';
import { Link } from './router';

export function AdminOnlyPage() {
  return (
    <div className="ops-not-found">
      <EmptyState
        titleAs="h1"
        icon={Lock}
        title="Admins only"
        description="Only admin accounts can manage reviewers. Ask an admin if you need a change to your access."
      >
        <Link to={paths.dashboard} className="ops-button ops-button--secondary ops-button--md">
          Go to the dashboard
        </Link>
      </EmptyState>
    </div>
  );
}

import { Compass } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { paths } from '../../lib/paths';
import { Link } from './router';

export function NotFoundPage() {
  return (
    <div className="ops-not-found">
      <EmptyState
        titleAs="h1"
        icon={Compass}
        title="Page not found"
        description="There is no page at this address in the review console. Check the link, or pick an area from the menu."
      >
        <Link to={paths.dashboard} className="ops-button ops-button--primary ops-button--md">
          Go to the dashboard
        </Link>
      </EmptyState>
    </div>
  );
}

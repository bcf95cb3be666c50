import { Link2 } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Panel } from '../../components/ui/panel';
import { areaById } from '../../lib/areas';

const area = areaById('shares');

export function SharesPage() {
  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <Panel label={area.title}>
        <EmptyState
          icon={Link2}
          title="No share links yet"
          description="Links members create to share a profile with family will be listed here with their expiry dates."
        />
      </Panel>
    </>
  );
}

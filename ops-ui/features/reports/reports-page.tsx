import { Flag } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Panel } from '../../components/ui/panel';
import { areaById } from '../../lib/areas';

const area = areaById('reports');

export function ReportsPage() {
  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <Panel label={area.title}>
        <EmptyState
          icon={Flag}
          title="No open reports"
          description="Reports members file about other profiles will appear here for investigation."
        />
      </Panel>
    </>
  );
}

import { LayoutDashboard } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Panel } from '../../components/ui/panel';
import { areaById } from '../../lib/areas';

const area = areaById('dashboard');

export function DashboardPage() {
  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <Panel label={area.title}>
        <EmptyState
          icon={LayoutDashboard}
          title="Nothing to report yet"
          description="Counts of open verifications, reports and stories will appear here as members start using Saathi."
        />
      </Panel>
    </>
  );
}

import { ScrollText } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Panel } from '../../components/ui/panel';
import { areaById } from '../../lib/areas';

const area = areaById('audit');

export function AuditPage() {
  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <Panel label={area.title}>
        <EmptyState
          icon={ScrollText}
          title="No actions recorded yet"
          description="Every approval, rejection, suspension and role change made in the console will be logged here."
        />
      </Panel>
    </>
  );
}

import { UserCog } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Panel } from '../../components/ui/panel';
import { areaById } from '../../lib/areas';

const area = areaById('reviewers');

export function ReviewersPage() {
  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <Panel label={area.title}>
        <EmptyState
          icon={UserCog}
          title="No other reviewers yet"
          description="Reviewer and admin accounts you add will be listed here with their roles and last activity."
        />
      </Panel>
    </>
  );
}

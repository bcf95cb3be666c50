import { Inbox } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Panel } from '../../components/ui/panel';
import { areaById } from '../../lib/areas';

const area = areaById('inbox');

export function InboxPage() {
  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <Panel label={area.title}>
        <EmptyState
          icon={Inbox}
          title="Your inbox is empty"
          description="Messages members send to the support team will show up here."
        />
      </Panel>
    </>
  );
}

import { HeartHandshake } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Panel } from '../../components/ui/panel';
import { areaById } from '../../lib/areas';

const area = areaById('stories');

export function StoriesPage() {
  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <Panel label={area.title}>
        <EmptyState
          icon={HeartHandshake}
          title="No stories waiting for review"
          description="When a couple shares their story it lands here before anything is published."
        />
      </Panel>
    </>
  );
}

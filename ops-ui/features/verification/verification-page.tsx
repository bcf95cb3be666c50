import { BadgeCheck } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Panel } from '../../components/ui/panel';
import { areaById } from '../../lib/areas';

const area = areaById('verification');

export function VerificationPage() {
  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <Panel label={area.title}>
        <EmptyState
          icon={BadgeCheck}
          title="The verification queue is empty"
          description="New identity checks appear here, oldest first, as soon as members submit their documents."
        />
      </Panel>
    </>
  );
}

import { useState } from 'react';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { Toolbar } from '../../components/ui/toolbar';
import { areaById } from '../../lib/areas';
import { useUrlParam } from '../../lib/use-url-state';
import type { InboxFilter } from './api/inbox';
import { ContactMessages } from './components/contact-messages';
import { OutboxEmails } from './components/outbox-emails';

const area = areaById('inbox');

const BOXES = [
  { value: 'contact', label: 'Contact messages' },
  { value: 'outbox', label: 'Email outbox' },
] as const;
const FILTERS = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
] as const;

/** Contact messages for every reviewer; the email outbox (what members were sent) for admins only. */
export function InboxPage({ user }: { user?: { role: string } }) {
  const isAdmin = user?.role === 'admin';
  const [boxParam, setBoxParam] = useUrlParam('box', ['outbox'] as const);
  const box = boxParam || 'contact';
  const [filterParam, setFilterParam] = useUrlParam('show', ['handled', 'all'] as const);
  const filter: InboxFilter = filterParam || 'open';
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <Toolbar label="Inbox">
        {isAdmin ? <SegmentedControl label="Mailbox" value={box} segments={BOXES} onValueChange={(next) => setBoxParam(next === 'contact' ? '' : next)} /> : null}
        <SegmentedControl label="Show" value={filter} segments={FILTERS} onValueChange={(next) => setFilterParam(next === 'open' ? '' : next)} />
      </Toolbar>
      <Notice message={notice} onDismiss={() => setNotice(null)} />
      {/* Keyed so that switching views starts on the first page. */}
      {box === 'contact' || !isAdmin ? (
        <ContactMessages key={`contact-${filter}`} filter={filter} onNotice={setNotice} />
      ) : (
        <OutboxEmails key={`outbox-${filter}`} filter={filter} onNotice={setNotice} />
      )}
    </>
  );
}

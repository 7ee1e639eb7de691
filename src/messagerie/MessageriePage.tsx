/**
 * /messagerie (spec 001 §2 Messaging; issue 11 §3): the 'Nouveau message' form (key addMessage) above the list of
 * sent messages with their delivery counts (key messagerie). The list page of resource messagerie.
 */
import { useCanAccess } from 'react-admin';
import { PageHeader } from '../common/PageHeader';
import { MessageCreate } from './MessageCreate';
import { MessageList } from './MessageList';

const f = 'resources.messagerie';

/** The messaging page (no props). */
const MessageriePage = () => {
  const { canAccess: canSend } = useCanAccess({ resource: 'messagerie', action: 'create' });
  return (
    <>
      <PageHeader title={`${f}.page.list`} steps={[{ label: `${f}.page.list` }]} />
      {canSend && <MessageCreate />}
      <MessageList />
    </>
  );
};

export default MessageriePage;

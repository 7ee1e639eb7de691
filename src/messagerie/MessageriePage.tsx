/**
 * /messagerie (spec 001 §2 Messaging; docs/decisions/client-messaging.md): the 'Nouveau message' form (key addMessage)
 * above the list of sent messages with their delivery counts (key messagerie); a button to the 'Boîte d'envoi' (key
 * mailOutbox). The list page of resource messagerie.
 */
import { Button } from '@mui/material';
import OutboxIcon from '@mui/icons-material/Outbox';
import { LinkBase, useCanAccess, useTranslate } from 'react-admin';
import { PageHeader } from '../kit/PageHeader';
import { MessageCreate } from './MessageCreate';
import { MessageList } from './MessageList';

const f = 'resources.messagerie';

/** The messaging page (no props). */
const MessageriePage = () => {
  const translate = useTranslate();
  const { canAccess: canSend } = useCanAccess({ resource: 'messagerie', action: 'create' });
  const { canAccess: canSeeOutbox } = useCanAccess({ resource: 'mailOutbox', action: 'list' });
  return (
    <>
      <PageHeader title={`${f}.page.list`} steps={[{ label: `${f}.page.list` }]}>
        {canSeeOutbox && (
          <Button component={LinkBase} to="/mailOutbox" variant="outlined" startIcon={<OutboxIcon />}>
            {translate('resources.mailOutbox.page.title')}
          </Button>
        )}
      </PageHeader>
      {canSend && <MessageCreate />}
      <MessageList />
    </>
  );
};

export default MessageriePage;

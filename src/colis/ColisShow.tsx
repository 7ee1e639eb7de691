/**
 * Parcel details at /colis/{id}/show (spec 000 §2 "Parcel details", route colisDetails; key colisDetail; the spec's
 * /colis/{reference} redirects here): react-admin's ShowBase loads the parcel (dataProvider.getOne → GET
 * colis/getBy/{id}) and the page shows three cards — the parcel (./show/ColisSummaryCard, with the delete button), its
 * natures and amounts (./show/ColisNaturesCard), its status history (./show/ColisHistoriqueCard), for its destination
 * agency's staff its release code's state (./show/CodeRetraitCard, docs/decisions/release-code.md) and its release
 * record once handed over (./show/RemiseCard, docs/decisions/release-proof.md) and, for a holder
 * of auditListe, its audit journal (./show/ColisJournalCard, docs/decisions/audit-journal.md). While loading a
 * spinner; an unknown parcel 'Aucun colis trouvé'; any other failure the server message.
 */
import { Alert, Box, CircularProgress } from '@mui/material';
import { ShowBase, useShowContext, useTranslate } from 'react-admin';
import { PageHeader } from '../kit/PageHeader';
import { serverMessage } from '../kit/recordLabel';
import { ColisHistoriqueCard } from './show/ColisHistoriqueCard';
import { ColisJournalCard } from './show/ColisJournalCard';
import { ColisNaturesCard } from './show/ColisNaturesCard';
import { ColisSummaryCard } from './show/ColisSummaryCard';
import { CodeRetraitCard } from './show/CodeRetraitCard';
import { RemiseCard } from './show/RemiseCard';
import { isColisRemis } from '../../common/colisRules';
import type { ColisRecord } from './model/types';

/** The page inside ShowBase: heading, then the load state or the three cards. */
const ColisShowView = () => {
  const translate = useTranslate();
  const { record: colis, isPending, error } = useShowContext<ColisRecord>();
  const steps = [{ label: 'resources.colis.page.list', to: '/colis' }, { label: colis?.reference ?? 'resources.colis.page.details' }];
  const status = (error as { status?: number } | null)?.status;
  return (
    <>
      <PageHeader title="resources.colis.page.details" steps={steps} />
      {error ? (
        <Alert severity={status === 404 || status === 400 ? 'info' : 'error'} sx={{ mt: 2 }}>
          {status === 404 || status === 400
            ? translate('resources.colis.notifications.not_found')
            : (serverMessage(error) ?? translate('ra.notification.http_error'))}
        </Alert>
      ) : isPending || !colis ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1.2fr 1.2fr' },
            gap: 2,
            mt: 1,
            alignItems: 'start',
          }}
        >
          <ColisSummaryCard colis={colis} />
          <ColisNaturesCard colis={colis} />
          <ColisHistoriqueCard reference={colis.reference} />
          <CodeRetraitCard colisId={String(colis.id)} statut={colis.statutID?.code} />
          <RemiseCard colisId={String(colis.id)} remis={isColisRemis(colis.statutID?.code)} />
          <ColisJournalCard colisId={String(colis.id)} />
        </Box>
      )}
    </>
  );
};

/** The details page (reads :id from the route); load failures are shown on the page instead of react-admin's redirect. */
const ColisShow = () => (
  <ShowBase queryOptions={{ onError: () => undefined }}>
    <ColisShowView />
  </ShowBase>
);

export default ColisShow;

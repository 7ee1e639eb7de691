/**
 * Inventory detail, /inventaire/{id} (spec 001 §2 "Inventory detail: header with date, time, author (link to user
 * list), parcels received count, lost parcels count; tables 'Colis trouvés' and 'Colis non trouvés' (reference linking
 * to /colis/{reference}, date added, content, weight, amount, recipient name, phone); empty messages 'Aucun colis
 * trouvé' and 'aucun colis non trouvés'"; §7 GET inventaire/liste?auteur={userId}&id={id}). react-admin's ShowBase
 * loads the statement (dataProvider.getOne, resource `inventaire`). A parcel found but not expected at the agency
 * carries the mark 'non attendu'. Below the tables, 'Colis hors de votre agence (N)' (scanned parcels of another agency of
 * the same country, with that agency) when there are some, and 'Références inconnues (N)': the other scanned references
 * that matched no parcel the author could see, as typed (docs/api-contract.md "Inventories"). Another agency's statement: the server's
 * 403 message; an unknown one: 'Inventaire introuvable.' Each amount in its parcel's currency (`devise`, the euro when
 * absent; docs/decisions/currencies.md).
 */
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { LinkBase, ShowBase, useCanAccess, useShowContext, useTranslate } from 'react-admin';
import { formatKg, formatMontant } from '../../common/format';
import { formatDateFr } from '../kit/formatDate';
import { PageHeader } from '../kit/PageHeader';
import { serverMessage } from '../kit/recordLabel';
import { fullName } from '../providers/records';
import { StatutChip } from '../kit/StatutChip';
import type { HorsAgence, InventaireColis, InventaireDetail } from './types';

const f = 'resources.inventaire';

/** Recipient of a parcel: the client record, else the typed name and phone. */
function recipient(c: InventaireColis): { nom: string; telephone: string } {
  const d = c.destinataireID;
  if (d?.id) return { nom: fullName(d), telephone: d.telephoneComplet ?? '' };
  return { nom: fullName({ nom: c.nomDestinataire, prenoms: c.prenomsDestinataire }), telephone: c.telephoneDestinataire ?? '' };
}

/** One figure of the header. */
const Figure = ({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
};

/** A table of parcels with its title and empty text; `markUnexpected` flags found parcels that were not expected. */
const ColisTable = ({
  title,
  rows,
  empty,
  testId,
  markUnexpected,
}: {
  title: string;
  rows: InventaireColis[];
  empty: string;
  testId: string;
  markUnexpected?: boolean;
}) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {translate(title)} ({rows.length})
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {['reference', 'createdAt', 'contenu', 'poids', 'montantTotal', 'destinataire', 'telephone', 'statut'].map((k) => (
                  <TableCell
                    key={k}
                    align={k === 'poids' || k === 'montantTotal' ? 'right' : 'left'}
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                  >
                    {translate(`${f}.fields.${k}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={8} align="center" sx={{ color: 'text.secondary' }}>
                    {translate(empty)}
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((c) => {
                  const dest = recipient(c);
                  return (
                    <TableRow key={c.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <MuiLink component={LinkBase} to={`/colis/${encodeURIComponent(c.reference)}`}>
                          {c.reference}
                        </MuiLink>
                        {markUnexpected && c.attendu === false && (
                          <Tooltip title={translate(`${f}.show.non_attendu_hint`)}>
                            <Chip
                              size="small"
                              color="warning"
                              variant="outlined"
                              label={translate(`${f}.show.non_attendu`)}
                              sx={{ ml: 1 }}
                            />
                          </Tooltip>
                        )}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateFr(c.createdAt)}</TableCell>
                      <TableCell>{c.detailsContenu || c.contenu || '--'}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatKg(c.poids, c.unite ?? 'kg')}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatMontant(c.montantTotal, c.devise)}
                      </TableCell>
                      <TableCell>{dest.nom || '--'}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{dest.telephone || '--'}</TableCell>
                      <TableCell>
                        <StatutChip statut={c.statutID} />
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
};

/**
 * The scanned parcels of another agency of the statement's country ('Colis hors de votre agence (N)',
 * docs/decisions/inventory-other-agency.md): the reference and the parcel's agency, no link (they are outside the
 * reader's parcels). Shown only when there are some.
 */
const HorsAgenceTable = ({ rows }: { rows: HorsAgence[] }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid="references-hors-agence">
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {translate(`${f}.show.hors_agence`)} ({rows.length})
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{translate(`${f}.fields.reference`)}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{translate(`${f}.show.hors_agence_agence`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.reference}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.reference}</TableCell>
                <TableCell>{row.agence ?? translate(`${f}.show.agence_inactive`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
};

/**
 * The unknown references of a statement (typed texts, normalised by the server), in the frame of the parcel tables;
 * an empty text when there are none. They are not parcels: no link.
 */
const InconnuesTable = ({ references }: { references: string[] }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid="references-inconnues">
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {translate(`${f}.show.inconnues`)} ({references.length})
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{translate(`${f}.fields.reference`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {references.length === 0 ? (
              <TableRow>
                <TableCell align="center" sx={{ color: 'text.secondary' }}>
                  {translate(`${f}.show.empty_inconnues`)}
                </TableCell>
              </TableRow>
            ) : (
              references.map((reference) => (
                <TableRow key={reference}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{reference}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
};

/**
 * The inventory's author: a link to their user form for who may edit users (spec 001 §3 Inventory details), plain
 * text for the others (an agent: no link that leads nowhere).
 */
const AuteurLink = ({ auteur }: { auteur?: { id: string; nom: string; prenom: string } | null }) => {
  const { canAccess } = useCanAccess({ resource: 'user', action: 'edit' });
  const name = fullName({ nom: auteur?.nom, prenoms: auteur?.prenom }) || '--';
  if (!canAccess || !auteur?.id) return <>{name}</>;
  return (
    <MuiLink component={LinkBase} to={`/user/${auteur.id}`}>
      {name}
    </MuiLink>
  );
};

/** The page inside ShowBase: heading, then the load state or the header, the two tables and the unknown references. */
const InventaireShowView = () => {
  const translate = useTranslate();
  const { record, isPending, error } = useShowContext<InventaireDetail>();
  const status = (error as { status?: number } | null)?.status;
  const steps = [
    { label: `${f}.page.list`, to: '/inventaire' },
    { label: record ? `${formatDateFr(record.dateInventaire)} ${formatDateFr(record.dateInventaire, 'HH:mm')}` : `${f}.page.details` },
  ];
  return (
    <>
      <PageHeader title={`${f}.page.details`} steps={steps} />
      {error ? (
        <Alert severity={status === 404 || status === 400 ? 'info' : 'error'} sx={{ mt: 2 }}>
          {status === 404 || status === 400
            ? translate(`${f}.show.not_found`)
            : (serverMessage(error) ?? translate('ra.notification.http_error'))}
        </Alert>
      ) : isPending || !record ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
          <Card variant="outlined">
            <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
              <Figure label={`${f}.show.date`}>{formatDateFr(record.dateInventaire)}</Figure>
              <Figure label={`${f}.show.heure`}>{formatDateFr(record.dateInventaire, 'HH:mm')}</Figure>
              <Figure label={`${f}.show.auteur`}>
                <AuteurLink auteur={record.auteur} />
              </Figure>
              <Figure label={`${f}.show.agence`}>{record.agenceID?.libelle ?? '--'}</Figure>
              <Figure label={`${f}.show.attendus`} testId="inventaire-attendus">
                {record.colisAttendus.length}
              </Figure>
              <Figure label={`${f}.show.recus`} testId="inventaire-recus">
                <Box component="span" sx={{ color: 'success.main' }}>
                  {record.colisId.length}
                </Box>
              </Figure>
              <Figure label={`${f}.show.perdus`} testId="inventaire-perdus">
                <Box component="span" sx={{ color: record.colisNonTrouve.length > 0 ? 'error.main' : 'text.primary' }}>
                  {record.colisNonTrouve.length}
                </Box>
              </Figure>
            </CardContent>
          </Card>
          <ColisTable
            title={`${f}.show.trouves`}
            rows={record.colisId}
            empty={`${f}.show.empty_trouves`}
            testId="colis-trouves"
            markUnexpected
          />
          <ColisTable
            title={`${f}.show.non_trouves`}
            rows={record.colisNonTrouve}
            empty={`${f}.show.empty_non_trouves`}
            testId="colis-non-trouves"
          />
          {(record.referencesHorsAgence ?? []).length > 0 && <HorsAgenceTable rows={record.referencesHorsAgence!} />}
          <InconnuesTable references={record.referencesInconnues ?? []} />
        </Box>
      )}
    </>
  );
};

/** The detail page (reads :id from the route); load failures are shown on the page instead of react-admin's redirect. */
const InventaireShow = () => (
  <ShowBase resource="inventaire" queryOptions={{ onError: () => undefined }}>
    <InventaireShowView />
  </ShowBase>
);

export default InventaireShow;

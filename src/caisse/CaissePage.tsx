/**
 * 'Caisse', /caisse (key caisse; docs/decisions/refunds-and-cash.md): the cash of an agency's day. A role that sees
 * every agency chooses the agency (another role's is its own), and the day (today by default, never after). The screen
 * shows the expected amounts (GET caisse/attendu: payments − refunds per payment mode and currency received, the cash
 * operations' line; the day's conversion differences below them, docs/decisions/currencies.md "The last minor units"), an input per line for the amount counted with the difference shown as it is typed (red when not
 * zero), and a comment; 'Clôturer la caisse' asks for confirmation, then POST caisse/cloture (the server recomputes the
 * expected amounts). A closed day shows its stored lines read-only, who closed it and when, and its PDF 'Arrêté de
 * caisse'. The closings' history is below (./CaisseHistorique.tsx), with 'Rouvrir' for the key caisseRouvrir.
 * The form validates with the shared schema (common/schemas/caisse.ts caisseClotureForm, src/kit/formResolver.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Confirm, useDataProvider, useNotify, useTranslate, type DataProvider } from 'react-admin';
import { isoToFr, todayIso } from '../../common/dates';
import { formatMontant } from '../../common/format';
import { CAISSE_MESSAGES, caisseClotureForm } from '../../common/schemas/caisse';
import { userSeesAllAgences } from '../../common/scopes';
import { AgenceSelect } from '../kit/AgenceSelect';
import { DateFieldFr, INVALID_DATE_VALUE } from '../kit/DateInputFr';
import { formResolver } from '../kit/formResolver';
import { formatDateFr } from '../kit/formatDate';
import { PageHeader } from '../kit/PageHeader';
import { QueryStatus } from '../kit/QueryStatus';
import { serverMessage } from '../kit/recordLabel';
import { useAppIdentity } from '../kit/useAppIdentity';
import { useWrite } from '../kit/useWrite';
import { fullName } from '../providers/records';
import type { CaisseMethods } from './caisseMethods';
import {
  clotureBodyOf,
  ecartNonNul,
  ecartSaisi,
  ecartsSaisis,
  ecartsText,
  formatEcart,
  formValuesOf,
  type CaisseFormValues,
} from './caisseView';
import { CaisseHistorique } from './CaisseHistorique';
import type { CaisseClotureDetail, EcartConversion, LigneAttendue } from './types';

const f = 'resources.caisse';

/** The form's resolver (made once): the shared schema's French messages, the values kept as typed. */
const resolver = formResolver<CaisseFormValues>(caisseClotureForm);

/** The difference of a line, formatted, in red when not zero; '—' while nothing readable is typed. */
const Ecart = ({ ecart, devise, testId }: { ecart: string | null; devise: string; testId: string }) => (
  <Typography
    component="span"
    data-testid={testId}
    sx={{
      fontWeight: 600,
      whiteSpace: 'nowrap',
      color: ecart === null ? 'text.secondary' : ecartNonNul(ecart) ? 'error.main' : 'success.main',
    }}
  >
    {ecart === null ? '—' : formatEcart(ecart, devise)}
  </Typography>
);

/**
 * The conversion differences of the day's settling amounts, per parcel currency (docs/decisions/currencies.md "The last
 * minor units"): shown under the lines, counted in none; nothing when there are none.
 */
const EcartsConversion = ({ ecarts }: { ecarts: readonly EcartConversion[] | undefined }) => {
  const translate = useTranslate();
  if (!ecarts?.length) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="ecarts-conversion">
      <strong>{translate(`${f}.conversion.title`)} : </strong>
      {ecarts.map((e) => formatEcart(e.ecart, e.devise)).join(' · ')}
      <Box component="span" sx={{ display: 'block', mt: 0.5, color: 'text.secondary' }}>
        {translate(`${f}.conversion.explication`)}
      </Box>
    </Alert>
  );
};

/** The header row of the lines' table. */
const LignesHead = () => {
  const translate = useTranslate();
  return (
    <TableHead>
      <TableRow>
        <TableCell>{translate(`${f}.fields.mode`)}</TableCell>
        <TableCell>{translate(`${f}.fields.devise`)}</TableCell>
        <TableCell align="right">{translate(`${f}.fields.attendu`)}</TableCell>
        <TableCell align="right">{translate(`${f}.fields.compte`)}</TableCell>
        <TableCell align="right">{translate(`${f}.fields.ecart`)}</TableCell>
      </TableRow>
    </TableHead>
  );
};

/** The live difference of line `index` of the form. */
const EcartSaisi = ({
  control,
  index,
  attendu,
  devise,
}: {
  control: Control<CaisseFormValues>;
  index: number;
  attendu: string;
  devise: string;
}) => {
  const typed = useWatch({ control, name: `comptes.${index}.montant` });
  return <Ecart ecart={ecartSaisi(typed, attendu, devise)} devise={devise} testId={`ecart-${index}`} />;
};

/** Props of the open day's form. */
interface CaisseFormProps {
  lignes: LigneAttendue[];
  /** The day's conversion differences so far, shown under the lines. */
  ecartsConversion?: EcartConversion[];
  agence: { id: string; libelle: string };
  date: string;
  /** The agency sent with the closing (a role that sees every agency); undefined: the user's own. */
  agenceID: string | undefined;
  onClosed: () => void;
}

/**
 * The open day: an input per expected line, the live differences, the comment and the closing. Mounted once per agency
 * and day: when the expected amounts are read again (react-query reads them again when the window regains focus, and
 * after a payment elsewhere they differ), the lines follow and every amount typed stays on its line (formValuesOf).
 */
const CaisseForm = ({ lignes, ecartsConversion, agence, date, agenceID, onClosed }: CaisseFormProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<DataProvider & CaisseMethods>();
  const [pending, setPending] = useState<CaisseFormValues | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = useForm<CaisseFormValues>({ resolver: resolver, defaultValues: formValuesOf(lignes) });
  const shown = useRef(lignes);
  useEffect(() => {
    if (shown.current === lignes) return;
    shown.current = lignes;
    reset(formValuesOf(lignes, getValues()));
  }, [lignes, reset, getValues]);

  // Closed once however fast it is confirmed; the day then shows closed (the button stays disabled until it does).
  const cloture = useWrite(
    {
      mutationFn: (values: CaisseFormValues) => dataProvider.cloturerCaisse(clotureBodyOf(values, { date, agenceID })),
      onSuccess: ({ message }) => {
        notify(message ?? CAISSE_MESSAGES.cloturee, { type: 'success' });
        onClosed();
      },
      onError: (error) => notify(serverMessage(error) ?? `${f}.notifications.close_error`, { type: 'error' }),
      onSettled: () => setPending(null),
    },
    { holdOnSuccess: true },
  );

  /** The differences of the values to confirm, per currency ('Écarts : -50 F CFA · 0,00 €'). */
  const ecartsOf = (values: CaisseFormValues) =>
    translate(`${f}.form.confirm_ecarts`, { ecarts: ecartsText(ecartsSaisis(values.comptes)) });

  return (
    <Box component="form" onSubmit={handleSubmit((values) => setPending(values))} noValidate>
      {lignes.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(`${f}.form.empty`)}
        </Alert>
      ) : (
        <Table size="small" sx={{ mb: 2 }} data-testid="caisse-lignes">
          <LignesHead />
          <TableBody>
            {lignes.map((l, i) => {
              const error = errors.comptes?.[i]?.montant?.message;
              return (
                <TableRow key={`${l.modePaiementID ?? ''}|${l.devise}`} data-testid={`ligne-${i}`}>
                  <TableCell sx={{ fontWeight: l.modePaiementID ? 400 : 600 }}>{l.libelle}</TableCell>
                  <TableCell>{l.devise}</TableCell>
                  <TableCell align="right" data-testid={`attendu-${i}`} sx={{ whiteSpace: 'nowrap' }}>
                    {formatMontant(l.attendu, l.devise)}
                  </TableCell>
                  <TableCell align="right" sx={{ width: 200 }}>
                    <TextField
                      {...register(`comptes.${i}.montant`)}
                      size="small"
                      placeholder="0"
                      error={!!error}
                      helperText={error}
                      slotProps={{
                        htmlInput: {
                          inputMode: 'decimal',
                          'aria-label': `${translate(`${f}.fields.compte`)} ${l.libelle} ${l.devise}`,
                          'data-testid': `compte-${i}`,
                          style: { textAlign: 'right' },
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <EcartSaisi control={control} index={i} attendu={l.attendu} devise={l.devise} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <EcartsConversion ecarts={ecartsConversion} />
      <TextField
        {...register('commentaire')}
        label={translate(`${f}.fields.commentaire`)}
        multiline
        minRows={2}
        fullWidth
        error={!!errors.commentaire}
        helperText={errors.commentaire?.message}
        slotProps={{ htmlInput: { 'data-testid': 'commentaire' } }}
        sx={{ mb: 2 }}
      />
      <Button type="submit" variant="contained" startIcon={<LockIcon />} disabled={cloture.pending}>
        {translate(`${f}.form.submit`)}
      </Button>
      {cloture.pending && <LinearProgress sx={{ mt: 1 }} />}
      <Confirm
        isOpen={pending !== null}
        title={translate(`${f}.form.confirm_title`)}
        content={
          <>
            <Typography>{translate(`${f}.form.confirm_content`, { agence: agence.libelle, jour: isoToFr(date) })}</Typography>
            {pending && pending.comptes.length > 0 && (
              <Typography sx={{ mt: 1, fontWeight: 600 }} data-testid="confirm-ecarts">
                {ecartsOf(pending)}
              </Typography>
            )}
          </>
        }
        confirm={`${f}.form.submit`}
        cancel="app.common.no"
        loading={cloture.pending}
        onConfirm={() => pending && cloture.run(pending)}
        onClose={() => setPending(null)}
      />
    </Box>
  );
};

/** A closed day: the stored lines, read-only, who closed it and when, the comment and the PDF. */
const CaisseCloturee = ({ cloture }: { cloture: CaisseClotureDetail }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const auteur = fullName(cloture.auteur);
  const pdf = async () => {
    try {
      const { downloadArrete } = await import('./arretePdf');
      downloadArrete(cloture);
    } catch {
      notify(`${f}.notifications.pdf_error`, { type: 'error' });
    }
  };
  return (
    <Box data-testid="caisse-cloturee">
      <Alert
        severity="success"
        icon={<LockIcon />}
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" startIcon={<PictureAsPdfIcon />} onClick={() => void pdf()}>
            {translate(`${f}.form.pdf`)}
          </Button>
        }
      >
        {translate(`${f}.form.closed`, { date: formatDateFr(cloture.createdAt, 'dd/MM/yyyy HH:mm'), auteur })}
        {cloture.commentaire && <Box>{translate(`${f}.form.closed_comment`, { commentaire: cloture.commentaire })}</Box>}
      </Alert>
      <Table size="small" data-testid="caisse-comptes">
        <LignesHead />
        <TableBody>
          {cloture.comptes.map((c, i) => (
            <TableRow key={c.id}>
              <TableCell sx={{ fontWeight: c.modePaiementID ? 400 : 600 }}>{c.libelle}</TableCell>
              <TableCell>{c.devise}</TableCell>
              <TableCell align="right">{formatMontant(c.attendu, c.devise)}</TableCell>
              <TableCell align="right">{formatMontant(c.compte, c.devise)}</TableCell>
              <TableCell align="right">
                <Ecart ecart={c.ecart} devise={c.devise} testId={`ecart-stocke-${i}`} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ mt: 2 }}>
        <EcartsConversion ecarts={cloture.ecartsConversion} />
      </Box>
    </Box>
  );
};

/** The 'Caisse' page (no props). */
const CaissePage = () => {
  const translate = useTranslate();
  const identity = useAppIdentity();
  const allAgences = userSeesAllAgences(identity);
  const dataProvider = useDataProvider<DataProvider & CaisseMethods>();
  const queryClient = useQueryClient();
  const today = todayIso();
  const [date, setDate] = useState(today);
  const [choisie, setChoisie] = useState<string>('');
  const agenceID = allAgences ? choisie || undefined : undefined;
  const ready = !!identity && (!allAgences || !!agenceID);

  const attendu = useQuery({
    queryKey: ['caisse', 'attendu', agenceID ?? 'mine', date],
    queryFn: ({ signal }) => dataProvider.getCaisseAttendu({ agenceID, date }, { signal }),
    enabled: ready,
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['caisse'] });
  const data = attendu.data;

  return (
    <>
      <PageHeader title={`${f}.page.title`} steps={[{ label: `${f}.page.breadcrumb` }]} />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
            {allAgences ? (
              <AgenceSelect value={choisie} onChange={setChoisie} label={`${f}.fields.agence`} testId="caisse-agence" />
            ) : (
              <Typography variant="subtitle1" data-testid="agence-fixe">
                {translate(`${f}.fields.agence`)} : <strong>{data?.agence.libelle ?? identity?.agenceID?.libelle ?? '…'}</strong>
              </Typography>
            )}
            <DateFieldFr
              label={translate(`${f}.fields.date`)}
              name="date"
              value={date}
              onChange={(v) => v && v !== INVALID_DATE_VALUE && setDate(v)}
              maxDate={today}
              fullWidth={false}
            />
          </Stack>
          {!ready && allAgences && <Alert severity="info">{translate(`${f}.form.choose_agence`)}</Alert>}
          <QueryStatus isPending={ready && attendu.isPending} error={attendu.error}>
            {data &&
              (data.cloture ? (
                <CaisseCloturee cloture={data.cloture} />
              ) : (
                <>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {translate(`${f}.form.explication`)}
                  </Typography>
                  <CaisseForm
                    key={`${data.agence.id}|${data.date}`}
                    lignes={data.lignes}
                    ecartsConversion={data.ecartsConversion}
                    agence={data.agence}
                    date={data.date}
                    agenceID={agenceID}
                    onClosed={() => void refresh()}
                  />
                </>
              ))}
          </QueryStatus>
        </CardContent>
      </Card>
      {identity && <CaisseHistorique agenceID={agenceID} />}
    </>
  );
};

export default CaissePage;

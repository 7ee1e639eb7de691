/**
 * MODIFIER COLIS at /colis/{id} (spec 000 §2 Edit parcel; key colisUpdate; the spec's /colisUpdate/{id} redirects
 * here): react-admin's <Edit> loads the parcel (dataProvider.getOne → GET colis/getBy/{id}); a parcel not EN_ATTENTE
 * goes back to the list with the warning 'Colis non modifiable !!'; an unknown parcel goes to the not-found page and any
 * other load failure to the server error page (/errorserver). Then the same wizard as the add page, prefilled, saving
 * through this Edit (dataProvider.update → PUT colis/update/{id}, 'colis modifié avec succès').
 *
 * /colis/{segment} is also the shape of the spec's details path /colis/{reference}: a segment that is not a record id
 * is sent on to the details page (LegacyColisDetails).
 */
import { useEffect, useMemo } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { Edit, useEditContext, useNavigate, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../kit/PageHeader';
import { NOT_FOUND_PATH } from '../kit/ReferenceFormPages';
import { isColisReference } from '../routes/legacyRoutes';
import { ColisInputs } from './ColisInputs';
import { LegacyColisDetails } from './LegacyColisDetails';
import { canEditColis } from './model/colisRules';
import type { ColisRecord } from './model/types';
import { valuesFromColis } from './model/wizardRules';

/**
 * The wizard prefilled from the parcel of the Edit; a parcel no longer editable goes back to the list. It waits for the
 * parcel's own load (colis/getBy carries the nature lines; the row react-admin keeps from the list does not).
 */
const ColisEditForm = () => {
  const colis = useRecordContext<ColisRecord>();
  const { isFetching } = useEditContext();
  const notify = useNotify();
  const redirect = useRedirect();
  const editable = colis ? canEditColis(colis) : false;
  const values = useMemo(() => (colis ? valuesFromColis(colis) : null), [colis]);

  useEffect(() => {
    if (colis && !editable) {
      notify('resources.colis.notifications.not_editable', { type: 'warning' });
      redirect('list', 'colis');
    }
  }, [colis, editable, notify, redirect]);

  if (!values || !editable || isFetching) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress />
      </Box>
    );
  }
  return <ColisInputs mode="edit" values={values} />;
};

/** The edit page (reads :id from the route). */
const ColisEdit = () => {
  const { id } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  if (isColisReference(id)) return <LegacyColisDetails reference={id} />;

  const onLoadError = (error: unknown) => {
    const status = (error as { status?: number })?.status;
    navigate(status === 404 || status === 400 ? NOT_FOUND_PATH : '/errorserver', { replace: true });
  };
  return (
    <>
      <PageHeader
        title="resources.colis.page.edit"
        steps={[{ label: 'resources.colis.page.list', to: '/colis' }, { label: 'resources.colis.page.edit' }]}
      />
      <Edit
        title={translate('resources.colis.page.edit')}
        actions={false}
        redirect="list"
        mutationMode="pessimistic"
        queryOptions={{ onError: onLoadError, staleTime: 0, gcTime: 0 }}
      >
        <ColisEditForm />
      </Edit>
    </>
  );
};

export default ColisEdit;

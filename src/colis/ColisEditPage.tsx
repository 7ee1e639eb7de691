/**
 * Edit screen /colisUpdate/{id} (spec 000 §2 Edit parcel; key colisUpdate): loads GET colis/getBy/{id}; a parcel not
 * EN_ATTENTE goes back to /colis with the warning 'Colis non modifiable !!'; an unknown parcel goes to the not-found page
 * and any other load failure to the server error page (/errorserver). Then the same wizard as the add page, prefilled,
 * saving with PUT colis/update/{id} ('colis modifié avec succès').
 */
import { useEffect } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useNotify } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../common/PageHeader';
import { NOT_FOUND_PATH } from '../common/ReferenceFormPages';
import { fetchColisById } from './colisApi';
import { canEditColis } from './colisRules';
import { ColisWizard } from './wizard/ColisWizard';
import { valuesFromColis } from './wizardRules';

/** The edit page (reads :id from the route). */
const ColisEditPage = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const query = useQuery({
    queryKey: ['colis', 'getBy', id],
    queryFn: ({ signal }) => fetchColisById(id, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const colis = query.data;
  const editable = colis ? canEditColis(colis) : false;

  useEffect(() => {
    if (query.isError) {
      const status = (query.error as { status?: number })?.status;
      navigate(status === 404 || status === 400 ? NOT_FOUND_PATH : '/errorserver', { replace: true });
    } else if (colis && !editable) {
      notify('resources.colis.notifications.not_editable', { type: 'warning' });
      navigate('/colis', { replace: true });
    }
  }, [query.isError, query.error, colis, editable, navigate, notify]);

  return (
    <>
      <PageHeader
        title="resources.colis.page.edit"
        steps={[{ label: 'resources.colis.page.list', to: '/colis' }, { label: 'resources.colis.page.edit' }]}
      />
      {colis && editable ? (
        <ColisWizard mode="edit" colisId={colis.id} defaultValues={valuesFromColis(colis)} />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      )}
    </>
  );
};

export default ColisEditPage;

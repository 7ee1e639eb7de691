/**
 * Profile settings 'PARAMETRES' at /profil, inside the layout, guarded by key 'profil' (spec 000 §2 Profile
 * settings): personal information card and change-password card side by side.
 */
import { Box } from '@mui/material';
import { Loading, useGetIdentity, useGetOne } from 'react-admin';
import { PageHeader } from '../kit/PageHeader';
import { PersonalInfoCard } from './PersonalInfoCard';
import { ChangePasswordCard } from './ChangePasswordCard';

/** The profile page (no props); loads the signed-in user with GET user/getBy/{id}. */
const ProfilPage = () => {
  const { identity, isPending: identityPending } = useGetIdentity();
  const { data: user, isPending } = useGetOne('user', { id: identity?.id ?? '' }, { enabled: !!identity?.id });
  return (
    <>
      <PageHeader title="app.profil.title" steps={[{ label: 'app.profil.breadcrumb' }]} />
      {identityPending || isPending || !user || !identity ? (
        <Loading />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mt: 2, alignItems: 'start' }}>
          <PersonalInfoCard record={user} />
          <ChangePasswordCard userId={identity.id} />
        </Box>
      )}
    </>
  );
};

export default ProfilPage;

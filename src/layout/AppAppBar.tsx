/**
 * Top bar (spec 000 §2 "Logo, the user's full name (nom + prenoms), a logout icon"): react-admin's AppBar
 * with our logo on the left and the name and logout icon on the right (no user menu).
 */
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import LogoutIcon from '@mui/icons-material/Logout';
import { AppBar, LinkBase, useGetIdentity, useLogout, useTranslate } from 'react-admin';
import { AppLoadingIndicator } from './AppLoadingIndicator';

/** Logo: truck icon and product name, linking home. */
const Logo = () => {
  const translate = useTranslate();
  return (
    <Box
      component={LinkBase}
      to="/"
      // Its text hides on phones: the link keeps its name (WCAG link-name).
      aria-label={translate('app.name')}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', flex: 1 }}
    >
      <LocalShippingIcon />
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: 0.5, display: { xs: 'none', sm: 'inline' } }}>
        {translate('app.name')}
      </Typography>
    </Box>
  );
};

/** Right side: loading indicator ('Chargement en cours...', AppLoadingIndicator.tsx), full name, logout icon. */
const UserArea = () => {
  const translate = useTranslate();
  const logout = useLogout();
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <AppLoadingIndicator />
      {identity?.fullName && (
        <Typography
          variant="body2"
          component="span"
          data-testid="appbar-fullname"
          sx={{ fontWeight: 500, maxWidth: { xs: 140, sm: 'none' }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {identity.fullName}
        </Typography>
      )}
      <Tooltip title={translate('app.layout.logout_tooltip')}>
        <IconButton color="inherit" aria-label={translate('app.layout.logout_tooltip')} onClick={() => logout()}>
          <LogoutIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
};

/** The app bar given to the layout (takes react-admin's AppBar props through). */
export const AppAppBar = () => (
  <AppBar color="primary" userMenu={false} toolbar={<UserArea />}>
    <Logo />
  </AppBar>
);

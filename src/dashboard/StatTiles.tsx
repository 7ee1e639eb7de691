/**
 * The three tiles of the dashboard (spec 000 §2): counts of Clients, Départs and Colis, each opening its list when
 * the user holds the list's key (spec 000 §6), else plain; in a 'Par Agence' view the lists open filtered on the agency.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import PeopleIcon from '@mui/icons-material/People';
import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import type { DashboardCounts } from '../../common/dashboard';
import type { PermissionKey } from '../../common/permissions';
import { useHasPermission } from '../kit/useHasPermission';
import type { DashboardAgence } from './dashboardMethods';
import { colisListPath, departListPath, formatCount } from './dashboardView';

interface Tile {
  key: 'clients' | 'envois' | 'colis';
  icon: SvgIconComponent;
  permission: PermissionKey;
  to: string;
  color: string;
}

/** Takes the counts (undefined while loading) and the agency of a 'Par Agence' view. */
export const StatTiles = ({ counts, agence, isPending }: { counts?: DashboardCounts; agence?: DashboardAgence; isPending: boolean }) => {
  const translate = useTranslate();
  const has = useHasPermission();
  const tiles: Tile[] = [
    { key: 'clients', icon: PeopleIcon, permission: 'clients', to: '/clients', color: '#6a1b9a' },
    { key: 'envois', icon: FlightTakeoffIcon, permission: 'depart', to: departListPath(undefined, agence), color: '#00838f' },
    { key: 'colis', icon: Inventory2Icon, permission: 'colis', to: colisListPath(undefined, agence), color: '#1565c0' },
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: { xs: 1, sm: 2 } }}>
      {tiles.map((tile) => {
        const Icon = tile.icon;
        const content = (
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, p: { xs: 1.5, sm: 2 } }}>
            <Box
              sx={{
                display: { xs: 'none', sm: 'flex' },
                bgcolor: tile.color,
                color: '#fff',
                borderRadius: 2,
                p: 1.25,
              }}
            >
              <Icon />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary" noWrap>
                {translate(`dashboard.tiles.${tile.key}`)}
              </Typography>
              {isPending || !counts ? (
                <Skeleton width={64} height={36} />
              ) : (
                <Typography
                  variant="h5"
                  component="p"
                  data-testid={`tile-${tile.key}-value`}
                  sx={{ fontWeight: 700, color: tile.color, fontSize: { xs: '1.25rem', sm: '1.6rem' } }}
                >
                  {formatCount(counts[tile.key])}
                </Typography>
              )}
            </Box>
          </CardContent>
        );
        return (
          <Card key={tile.key} data-testid={`tile-${tile.key}`} sx={{ borderTop: 4, borderTopColor: tile.color, minWidth: 0 }}>
            {has(tile.permission) ? (
              <CardActionArea
                component={LinkBase}
                to={tile.to}
                aria-label={`${translate(`dashboard.tiles.${tile.key}`)} : ${translate('dashboard.tiles.open_list')}`}
              >
                {content}
              </CardActionArea>
            ) : (
              content
            )}
          </Card>
        );
      })}
    </Box>
  );
};

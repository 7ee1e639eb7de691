/**
 * Dashboard placeholder 'TABLEAU DE BORD' (spec 000 §2 Dashboard). The statistics (tiles, status cards,
 * charts) come later; until then the page says so and shows no numbers.
 */
import { Card, CardContent, Typography } from '@mui/material';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { useGetIdentity, useTranslate } from 'react-admin';
import { PageHeader } from '../common/PageHeader';

/** The dashboard page (no props). */
const Dashboard = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <>
      <PageHeader title="app.dashboard.title" steps={[{ label: 'app.dashboard.title' }]} />
      <Card sx={{ mt: 2 }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <QueryStatsIcon color="primary" sx={{ fontSize: 48 }} />
          <div>
            {identity?.fullName && <Typography variant="h6">{translate('app.dashboard.welcome', { name: identity.fullName })}</Typography>}
            <Typography color="text.secondary">{translate('app.dashboard.coming')}</Typography>
          </div>
        </CardContent>
      </Card>
    </>
  );
};

export default Dashboard;

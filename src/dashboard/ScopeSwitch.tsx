/**
 * ADMIN's choice of figures on the dashboard (spec 000 §2, §6): the toggle 'Globales' / 'Par Agence' and, per agency,
 * the agency selector.
 */
import { MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DashboardAgence } from './dashboardMethods';
import type { DashboardScope } from './dashboardView';

/** Takes the scope, the agencies to choose from, and the two changes (to global, to one agency). */
export const ScopeSwitch = ({
  scope,
  agences,
  onGlobal,
  onAgence,
}: {
  scope: DashboardScope;
  agences: DashboardAgence[];
  onGlobal: () => void;
  onAgence: (agenceId: string) => void;
}) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={scope.kind}
        sx={{ whiteSpace: 'nowrap' }}
        aria-label={translate('dashboard.scope.label')}
        onChange={(_e, value: DashboardScope['kind'] | null) => {
          if (value === 'global') onGlobal();
          else if (value === 'agence' && agences[0]) onAgence(scope.kind === 'agence' ? scope.agenceId : agences[0].id);
        }}
      >
        <ToggleButton value="global" data-testid="scope-global">
          {translate('dashboard.scope.global')}
        </ToggleButton>
        <ToggleButton value="agence" data-testid="scope-agence" disabled={agences.length === 0}>
          {translate('dashboard.scope.agence')}
        </ToggleButton>
      </ToggleButtonGroup>
      {scope.kind === 'agence' && (
        <TextField
          select
          size="small"
          label={translate('dashboard.scope.agence_select')}
          value={scope.agenceId}
          onChange={(e) => onAgence(e.target.value)}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'agence-select' } as object } }}
        >
          {agences.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.libelle}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
};

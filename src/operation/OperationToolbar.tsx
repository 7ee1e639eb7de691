/**
 * The bar above the operations dashboard (spec 001 §2 'Tableau de bord administratif': period selector Semaine / Mois
 * / Année, refresh button, agency filter for ADMIN, add button; §4 "choosing an agency resets the period to year"):
 * every choice is a filter of the list, so the table, the cards and the top 5 follow it (one call).
 */
import { Button, Stack, ToggleButton, ToggleButtonGroup, Tooltip, IconButton } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import AddIcon from '@mui/icons-material/Add';
import { LinkBase, useCanAccess, useListContext, useTranslate } from 'react-admin';
import { OPERATION_PERIODS, type OperationPeriod } from '../../common/operationRules';
import { userSeesAllAgences } from '../../common/scopes';
import { AgenceSelect } from '../kit/AgenceSelect';
import { useAppIdentity } from '../kit/useAppIdentity';
import { periodOf, withAgence, withPeriod } from './operationView';

const f = 'resources.operation';

/**
 * Renders the period toggle, the agency select of a role that sees every agency (every agency by label, empty = all),
 * the refresh button and the add button (key addOperation).
 */
export const OperationToolbar = () => {
  const translate = useTranslate();
  const { filterValues, setFilters, refetch, isFetching } = useListContext();
  const identity = useAppIdentity();
  const { canAccess: canCreate } = useCanAccess({ resource: 'operation', action: 'create' });
  const period = periodOf(filterValues);
  return (
    <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mt: 1 }}>
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap', '& .MuiFormControl-root': { m: 0 } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={period}
          aria-label={translate(`${f}.periods.label`)}
          onChange={(_event, next: OperationPeriod | null) => next && setFilters(withPeriod(filterValues, next))}
        >
          {OPERATION_PERIODS.map((p) => (
            <ToggleButton key={p} value={p} sx={{ px: 2, textTransform: 'none', fontWeight: 600 }}>
              {translate(`${f}.periods.${p}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {userSeesAllAgences(identity) && (
          <AgenceSelect
            value={typeof filterValues.agenceID === 'string' ? filterValues.agenceID : ''}
            onChange={(agenceId) => setFilters(withAgence(filterValues, agenceId || null))}
            label={`${f}.filters.agence`}
            emptyText={`${f}.filters.all_agencies`}
            testId="operation-agence"
          />
        )}
        <Tooltip title={translate(`${f}.action.refresh`)}>
          <span>
            <IconButton aria-label={translate(`${f}.action.refresh`)} onClick={() => refetch()} disabled={isFetching} color="primary">
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      {canCreate && (
        <Button component={LinkBase} to="/operation/create" variant="contained" startIcon={<AddIcon />}>
          {translate(`${f}.action.add`)}
        </Button>
      )}
    </Stack>
  );
};

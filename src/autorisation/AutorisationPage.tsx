/**
 * The role–permission assignment screen, /autorisation (spec 001 §2 Role-permission assignment, §5 "Role-assignment
 * visibility", §7 autorisation/…, §8; docs/decisions/permission-assignment.md): role tabs, the collapsible permission
 * groups with a toggle per permission and the count of granted keys, a search over keys and descriptions,
 * 'Tout accorder' / 'Tout retirer' per group after an Oui/Non confirmation, and the latest changes of the role. Each
 * change takes effect at once on the server; when the role is the user's own, the user's privileges are reloaded
 * (providers/permissionsSync.ts).
 */
import { useMemo, useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  InputAdornment,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import RemoveDoneIcon from '@mui/icons-material/RemoveDone';
import LockIcon from '@mui/icons-material/Lock';
import { Confirm, useDataProvider, useNotify, useTranslate, type DataProvider } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../kit/PageHeader';
import { QueryStatus } from '../kit/QueryStatus';
import { serverMessage } from '../kit/recordLabel';
import { useWrite } from '../kit/useWrite';
import { useAppIdentity, useSessionActor } from '../kit/useAppIdentity';
import { ACCESS_RULE_MESSAGES, type Actor } from '../../common/autorisationRules';
import { syncPermissions } from '../providers/permissionsSync';
import type { AssignmentPermission, AutorisationLink, AutorisationMethods } from './autorisationMethods';
import {
  groupPermissions,
  matchesSearch,
  roleTabs,
  toggleRule,
  visiblePermissions,
  type AssignmentPermissionGroup,
  type RoleTab,
  type ToggleRule,
} from './assignment';
import { RoleHistory } from './RoleHistory';

const T = 'resources.autorisation';

/** A pending 'Tout accorder' / 'Tout retirer': the group, the direction and the permissions it changes. */
interface GroupAction {
  group: AssignmentPermissionGroup;
  isActive: boolean;
  privilegeIDs: string[];
}

/** The assignment screen (no props; key `autorisation`, checked by its route). */
const AutorisationPage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & AutorisationMethods>();
  const identity = useAppIdentity();
  const userRoleId = identity?.roleID?.id;
  // The rules read the signed-in user's role, agency, reach and keys, again when the identity changes.
  const actor = useSessionActor();

  const roles = useQuery({ queryKey: ['autorisation', 'roles'], queryFn: ({ signal }) => dataProvider.getAssignmentRoles({ signal }) });
  const privileges = useQuery({
    queryKey: ['autorisation', 'privileges'],
    queryFn: ({ signal }) => dataProvider.getAssignmentPermissions({ signal }),
  });
  const tabs = useMemo(() => roleTabs(roles.data ?? [], actor), [roles.data, actor]);
  const [chosen, setChosen] = useState<string | undefined>();
  const tab: RoleTab | undefined = tabs.find((t) => t.role.id === chosen) ?? tabs[0];

  return (
    <Box sx={{ pb: 3 }}>
      <PageHeader title={`${T}.page.list`} steps={[{ label: `${T}.breadcrumb` }]} />
      <QueryStatus isPending={roles.isPending || privileges.isPending || !identity} error={roles.error ?? privileges.error}>
        {tabs.length === 0 || !tab ? (
          <Alert severity="info">{translate(`${T}.no_role`)}</Alert>
        ) : (
          <Card>
            <Tabs
              value={tab.role.id}
              onChange={(_, id: string) => setChosen(id)}
              variant="scrollable"
              scrollButtons="auto"
              aria-label={translate(`${T}.roles_label`)}
              sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
            >
              {tabs.map((t) => (
                <Tab
                  key={t.role.id}
                  value={t.role.id}
                  label={t.role.libelle || t.role.code}
                  icon={t.readOnly ? <LockIcon fontSize="small" /> : undefined}
                  iconPosition="end"
                />
              ))}
            </Tabs>
            <CardContent>
              <RoleGrants
                key={tab.role.id}
                tab={tab}
                privileges={privileges.data ?? []}
                ownRole={tab.role.id === userRoleId}
                actor={actor}
              />
            </CardContent>
          </Card>
        )}
      </QueryStatus>
    </Box>
  );
};

export default AutorisationPage;

/** The search box, the groups and the latest changes of one role. */
const RoleGrants = ({
  tab,
  privileges,
  ownRole,
  actor,
}: {
  tab: RoleTab;
  privileges: readonly AssignmentPermission[];
  ownRole: boolean;
  actor: Actor;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<DataProvider & AutorisationMethods>();
  const roleId = tab.role.id;
  const roleName = tab.role.libelle || tab.role.code;
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<GroupAction | null>(null);

  const links = useQuery({
    queryKey: ['autorisation', 'links', roleId],
    queryFn: ({ signal }) => dataProvider.getRoleAutorisations(roleId, { signal }),
  });
  const linkOf = useMemo(() => new Map<string, AutorisationLink>((links.data ?? []).map((l) => [l.privilegeID, l])), [links.data]);
  const held = (p: AssignmentPermission) => linkOf.get(p.id)?.isActive === true;
  const groups = useMemo(
    () => groupPermissions(visiblePermissions(privileges, (p) => linkOf.get(p.id)?.isActive === true, actor)),
    [privileges, linkOf, actor],
  );
  const rule = (p: AssignmentPermission) => toggleRule(p, { held: held(p), readOnly: tab.readOnly, actor });

  /** After a change (done or refused): read the role's grants and history again; reload my privileges if it is my role. */
  const afterChange = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['autorisation', 'links', roleId] }),
      queryClient.invalidateQueries({ queryKey: ['autorisation', 'history', roleId] }),
    ]);
    if (ownRole) await syncPermissions(queryClient, true);
  };
  const onError = (error: unknown) => notify(serverMessage(error) ?? translate(`${T}.update_error`), { type: 'error' });

  // One change at a time, however fast a switch or a group's button is clicked (src/kit/useWrite.ts).
  const toggle = useWrite({
    mutationFn: async ({ p, next }: { p: AssignmentPermission; next: boolean }) => {
      const link = linkOf.get(p.id);
      return link ? dataProvider.setAutorisationActive(link.id, next) : dataProvider.grantPermission(roleId, p.id);
    },
    onSuccess: (message, { next }) => notify(message ?? translate(next ? `${T}.granted` : `${T}.revoked`), { type: 'success' }),
    onError,
    onSettled: afterChange,
  });
  const groupChange = useWrite({
    mutationFn: (action: GroupAction) => dataProvider.setGroupAutorisations(roleId, action.privilegeIDs, action.isActive),
    onSuccess: (message) => notify(message ?? translate(`${T}.granted`), { type: 'success' }),
    onError,
    onSettled: async () => {
      setPending(null);
      await afterChange();
    },
  });

  /** Asks Oui/Non before changing every permission of a group that the user may change. */
  const askGroup = (group: AssignmentPermissionGroup, isActive: boolean) => {
    const targets = group.privileges.filter((p) => held(p) !== isActive && rule(p).enabled);
    if (targets.length === 0) {
      notify(`${T}.nothing_to_do`, { type: 'info' });
      return;
    }
    setPending({ group, isActive, privilegeIDs: targets.map((p) => p.id) });
  };

  const searching = search.trim() !== '';
  const shown = groups.map((g) => ({ group: g, matches: g.privileges.filter((p) => matchesSearch(p, search)) }));
  const visible = searching ? shown.filter((s) => s.matches.length > 0) : shown;

  return (
    <Stack spacing={2}>
      {tab.refusal && <Alert severity="info">{ACCESS_RULE_MESSAGES[tab.refusal]}</Alert>}
      <TextField
        label={translate(`${T}.search`)}
        placeholder={translate(`${T}.search_placeholder`)}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        size="small"
        sx={{ maxWidth: 420 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <QueryStatus isPending={links.isPending} error={links.error}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
          <Box>
            {visible.length === 0 && <Alert severity="info">{translate(`${T}.no_match`, { q: search.trim() })}</Alert>}
            {visible.map(({ group, matches }) => {
              const granted = group.privileges.filter(held).length;
              const expanded = open.has(group.code) || searching;
              const canGrant = group.privileges.some((p) => !held(p) && rule(p).enabled);
              const canRevoke = group.privileges.some((p) => held(p) && rule(p).enabled);
              return (
                <Accordion
                  key={group.code}
                  expanded={expanded}
                  onChange={(_, isOpen) =>
                    setOpen((prev) => {
                      const next = new Set(prev);
                      if (isOpen) next.add(group.code);
                      else next.delete(group.code);
                      return next;
                    })
                  }
                  disableGutters
                  slotProps={{ transition: { unmountOnExit: true } }}
                  data-group={group.code}
                >
                  <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: '100%', pr: 1 }}>
                      <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>{group.libelle}</Typography>
                      <Chip
                        size="small"
                        color={granted === 0 ? 'default' : granted === group.privileges.length ? 'success' : 'primary'}
                        variant={granted === group.privileges.length && granted > 0 ? 'filled' : 'outlined'}
                        label={translate(`${T}.count`, { granted, total: group.privileges.length })}
                      />
                    </Box>
                  </AccordionSummary>
                  <AccordionDetails sx={{ pt: 0 }}>
                    {group.privileges.length === 0 ? (
                      <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
                        {translate(`${T}.empty_group`)}
                      </Typography>
                    ) : (
                      <>
                        {!tab.readOnly && (
                          <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
                            <Button
                              size="small"
                              variant="outlined"
                              startIcon={<DoneAllIcon />}
                              disabled={!canGrant || groupChange.pending}
                              onClick={() => askGroup(group, true)}
                            >
                              {translate(`${T}.grant_all`)}
                            </Button>
                            <Button
                              size="small"
                              variant="outlined"
                              color="error"
                              startIcon={<RemoveDoneIcon />}
                              disabled={!canRevoke || groupChange.pending}
                              onClick={() => askGroup(group, false)}
                            >
                              {translate(`${T}.revoke_all`)}
                            </Button>
                          </Stack>
                        )}
                        {matches.map((p) => (
                          <PermissionRow
                            key={p.id}
                            privilege={p}
                            held={held(p)}
                            rule={rule(p)}
                            busy={toggle.pending || groupChange.pending}
                            onToggle={(next) => toggle.run({ p, next })}
                          />
                        ))}
                      </>
                    )}
                  </AccordionDetails>
                </Accordion>
              );
            })}
          </Box>
          <RoleHistory roleId={roleId} />
        </Box>
      </QueryStatus>
      <Confirm
        isOpen={pending !== null}
        loading={groupChange.pending}
        title={`${T}.confirm_title`}
        content={
          pending
            ? translate(pending.isActive ? `${T}.confirm_grant_all` : `${T}.confirm_revoke_all`, {
                count: pending.privilegeIDs.length,
                group: pending.group.libelle,
                role: roleName,
              })
            : ''
        }
        confirm="app.common.yes"
        cancel="app.common.no"
        onConfirm={() => pending && groupChange.run(pending)}
        onClose={() => {
          setPending(null);
          notify(`${T}.cancelled`, { type: 'info' });
        }}
      />
    </Stack>
  );
};

/** One permission: its toggle, key and description. */
const PermissionRow = ({
  privilege: p,
  held,
  rule,
  busy,
  onToggle,
}: {
  privilege: AssignmentPermission;
  held: boolean;
  rule: ToggleRule;
  busy: boolean;
  onToggle: (next: boolean) => void;
}) => {
  const translate = useTranslate();
  const toggle = (
    <Switch
      checked={held}
      disabled={!rule.enabled || busy}
      onChange={(_, next) => onToggle(next)}
      slotProps={{ input: { 'aria-label': p.libelle } }}
    />
  );
  return (
    <Box data-permission={p.libelle} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}>
      {rule.notHeld ? (
        <Tooltip title={translate(`${T}.not_held`)}>
          <span>{toggle}</span>
        </Tooltip>
      ) : (
        toggle
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontFamily: 'monospace', fontWeight: 600, fontSize: '0.9rem' }}>
          {p.libelle}
          {!p.isActive && (
            <Chip size="small" label={translate(`${T}.inactive_privilege`)} sx={{ ml: 1, fontFamily: 'inherit' }} variant="outlined" />
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {p.description}
        </Typography>
      </Box>
    </Box>
  );
};

/**
 * Nature group details (spec 001 §2 "Nature group details (groupeNatureColisDetails, query id): shows libelle, code,
 * description and Statut (Actif or Inactif), a table of its natures (Code, Libellé, Prix exceptionnel, Description,
 * Actions with edit and delete) and a button to add a nature via /addNatureColis?groupeId={id}"; §8 nature deletion
 * failure 'Une erreur est survenue lors de la suppression.'). The natures come from natureColis/liste filtered on the
 * group; edit, delete and add follow the nature keys.
 */
import { Button, Card, CardContent, CardHeader, Chip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { DataTable, LinkBase, ReferenceManyField, useCanAccess, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { DetailsItem, ReferenceShowPage } from '../kit/ReferenceShowPage';
import { DeleteWithConfirm } from '../kit/DeleteWithConfirm';
import { EditIconButton } from '../kit/EditIconButton';
import { ListPagination } from '../kit/ListPagination';
import { natureCreatePath, prixExceptionnelLabel } from '../natureColis/natureColisRules';

const t = 'resources.groupeNatureColis';

/** The card lines: libelle, code, description, Statut Actif / Inactif. */
const GroupeFields = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <>
      <DetailsItem label={`${t}.fields.libelle`}>{String(record.libelle ?? '')}</DetailsItem>
      <DetailsItem label={`${t}.fields.code`}>{String(record.code ?? '')}</DetailsItem>
      <DetailsItem label={`${t}.fields.description`}>{(record.description as string) || '--'}</DetailsItem>
      <DetailsItem label={`${t}.details.statut`}>
        <Chip
          size="small"
          color={record.isActive === true ? 'success' : 'error'}
          label={translate(record.isActive === true ? 'app.common.active' : 'app.common.inactive')}
        />
      </DetailsItem>
    </>
  );
};

/** The group's edit button (key groupeColisUpdate). */
const EditGroupeButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource: 'groupeNatureColis', action: 'edit' });
  if (!record || !canAccess) return null;
  return (
    <Button
      variant="outlined"
      startIcon={<EditIcon />}
      component={LinkBase}
      to={createPath({ resource: 'groupeNatureColis', id: record.id, type: 'edit' })}
    >
      {translate('app.common.edit')}
    </Button>
  );
};

/** 'Ajouter une nature' → /natureColis/create?groupeId={id} (key addNatureColis). */
const AddNatureButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'natureColis', action: 'create' });
  if (!record || !canAccess) return null;
  return (
    <Button variant="contained" startIcon={<AddIcon />} component={LinkBase} to={natureCreatePath(String(record.id))}>
      {translate(`${t}.action.add_nature`)}
    </Button>
  );
};

/** The natures of the group with their edit and delete actions. */
const NaturesOfGroupe = () => {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource: 'natureColis', action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'natureColis', action: 'delete' });
  const n = 'resources.natureColis.fields';
  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title={translate(`${t}.details.natures`)} titleTypographyProps={{ variant: 'h6' }} action={<AddNatureButton />} />
      <CardContent sx={{ pt: 0 }}>
        <ReferenceManyField
          reference="natureColis"
          target="groupeNatureColisID"
          sort={{ field: 'libelle', order: 'ASC' }}
          perPage={25}
          pagination={<ListPagination />}
        >
          <DataTable rowClick={false} bulkActionButtons={false} size="small" aria-label={translate(`${t}.details.natures`)}>
            <DataTable.Col source="code" label={`${n}.code`} />
            <DataTable.Col source="libelle" label={`${n}.libelle`} />
            <DataTable.Col source="prixExceptionnel" label={`${n}.prixExceptionnel`} render={prixExceptionnelLabel} />
            <DataTable.Col source="description" label={`${n}.description`} render={(r) => (r.description as string) || '--'} />
            {(canEdit || canDelete) && (
              <DataTable.Col label={translate('app.common.actions')} disableSort>
                <EditIconButton />
                <DeleteWithConfirm errorMessage="resources.natureColis.notifications.delete_error" />
              </DataTable.Col>
            )}
          </DataTable>
        </ReferenceManyField>
      </CardContent>
    </Card>
  );
};

/** The details page of a nature group (no props; reads :id from the route). */
const GroupeNatureColisShow = () => (
  <ReferenceShowPage
    title={`${t}.page.details`}
    notFound={`${t}.details.not_found`}
    fields={<GroupeFields />}
    actions={<EditGroupeButton />}
  >
    <NaturesOfGroupe />
  </ReferenceShowPage>
);

export default GroupeNatureColisShow;

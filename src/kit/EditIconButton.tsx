/**
 * Edit icon of a list row (spec 001 §6 "Buttons and the Actions column are hidden without permission"):
 * a pencil linking to the record's edit page, shown only with the resource's edit key.
 */
import { IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { LinkBase, useCanAccess, useCreatePath, useRecordContext, useResourceContext, useTranslate } from 'react-admin';

/** Takes no props; reads record and resource from context; renders nothing without the edit key. */
export const EditIconButton = () => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  if (!record || !resource || !canAccess) return null;
  return (
    <Tooltip title={translate('app.common.edit')}>
      <IconButton
        size="small"
        color="primary"
        aria-label={translate('app.common.edit')}
        component={LinkBase}
        to={createPath({ resource, id: record.id, type: 'edit' })}
        onClick={(event: React.MouseEvent) => event.stopPropagation()}
      >
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};

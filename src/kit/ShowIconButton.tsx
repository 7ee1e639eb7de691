/**
 * Details icon of a list row (spec 001 §2 Nature groups "Actions (edit, view details, delete)"): an eye linking to the
 * record's details page (react-admin's show route), shown only when the user may open it (the resource's show key).
 */
import { IconButton, Tooltip } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { LinkBase, useCanAccess, useCreatePath, useRecordContext, useResourceContext, useTranslate } from 'react-admin';

/** Takes an optional tooltip (translation key, default react-admin's 'Afficher'); reads record and resource from context. */
export const ShowIconButton = ({ label = 'ra.action.show' }: { label?: string }) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource, action: 'show' });
  if (!record || !resource || !canAccess) return null;
  return (
    <Tooltip title={translate(label)}>
      <IconButton
        size="small"
        color="info"
        aria-label={translate(label)}
        component={LinkBase}
        to={createPath({ resource, id: record.id, type: 'show' })}
        onClick={(event: React.MouseEvent) => event.stopPropagation()}
      >
        <VisibilityIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};

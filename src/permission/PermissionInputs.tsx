/** Inputs of the permission add and edit forms (spec 001 §5 "Permission add and edit: libelle and description required"; the group is optional). */
import { Box } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { PERMISSION_GROUP_CHOICES } from './permissionRules';

/** The key (libelle), its group (default 'autres'), then the description (no props). */
export const PermissionInputs = () => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 800 }}>
    <TextInput source="libelle" isRequired />
    <SelectInput source="groupe" choices={PERMISSION_GROUP_CHOICES} translateChoice={false} defaultValue="autres" />
    <TextInput source="description" multiline minRows={2} sx={{ gridColumn: '1 / -1' }} isRequired />
  </Box>
);

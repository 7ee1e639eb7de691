/**
 * User edit screen 'MODIFIER UTILISATEUR' (spec 001 §2 /userUpdate?id=, saves back to route user; §4 role and country
 * preset from the loaded user, agency set once its list loads; §5 'Le pays est requis !', save disabled while nom,
 * prenoms, email, adresse or telephone is empty; §8 'Mise à jour de l'utilisateur réussie !'). Email and telephone are
 * read-only. Under the form, the latest changes of the user (docs/decisions/audit-journal.md); beside 'Enregistrer',
 * 'Réinitialiser le mot de passe' (docs/decisions/staff-accounts.md). The fields are checked with the server's schema
 * (common/schemas/user.ts userFormSchema); the save-button rule stays the spec's (userRules.ts canSaveUser).
 */
import { SaveButton, Toolbar } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ReferenceEditPage } from '../kit/ReferenceFormPages';
import { ResetPasswordButton } from './ResetPasswordButton';
import { UserHistory } from './UserHistory';
import { UserInputs, useUserFormResolver } from './UserInputs';
import { canSaveUser, userFormRecord, userUpdateBody } from './userRules';

/** 'Enregistrer', disabled while a required text is empty. */
const UserToolbar = () => {
  const values = useWatch();
  return (
    <Toolbar>
      <SaveButton disabled={!canSaveUser(values)} />
      <ResetPasswordButton />
    </Toolbar>
  );
};

/** The user edit page (no props). */
const UserEdit = () => {
  const { resolver, onChoices } = useUserFormResolver(true);
  return (
    <ReferenceEditPage
      title="resources.user.page.edit"
      errorMessage="resources.user.notifications.update_error"
      transform={userUpdateBody}
      prepareRecord={userFormRecord}
      toolbar={<UserToolbar />}
      resolver={resolver}
    >
      <UserInputs edit onChoices={onChoices} />
      <UserHistory />
    </ReferenceEditPage>
  );
};

export default UserEdit;

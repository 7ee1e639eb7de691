/**
 * The dataProvider of the back-office, composed where the app is assembled (src/App.tsx): the CRUD base of
 * src/providers/dataProvider.ts plus every call outside CRUD as a named, typed method, each written beside the screens
 * that use it: the parcel calls (src/colis/model/colisMethods.ts), the departure calls (src/departs/departMethods.ts),
 * the payment calls (src/encaissements/encaissementMethods.ts), the dashboard's (src/dashboard/dashboardMethods.ts),
 * the role–permission assignment's (src/autorisation/autorisationMethods.ts), the cash closing's
 * (src/caisse/caisseMethods.ts), the scanning screen's
 * (src/inventaire/inventaireMethods.ts), the operation form's staff list (src/operation/operationMethods.ts), the
 * messaging ones (src/messagerie/messagerieMethods.ts), the users' (src/user/userMethods.ts) and the audit trail's
 * (src/audit/auditMethods.ts). Going through useDataProvider, a 401 signs the user out.
 *
 * A feature never imports this file (the app's root imports the features): a screen types the methods it calls,
 * e.g. useDataProvider<DataProvider & ColisMethods>().
 */
import type { DataProvider } from 'ra-core';
import { baseDataProvider } from './providers/dataProvider';
import { auditMethods, type AuditMethods } from './audit/auditMethods';
import { autorisationMethods, type AutorisationMethods } from './autorisation/autorisationMethods';
import { caisseMethods, type CaisseMethods } from './caisse/caisseMethods';
import { colisMethods, type ColisMethods } from './colis/model/colisMethods';
import { dashboardMethods, type DashboardMethods } from './dashboard/dashboardMethods';
import { demandesSuppressionMethods, type DemandesSuppressionMethods } from './demandesSuppression/demandesSuppressionMethods';
import { departMethods, type DepartMethods } from './departs/departMethods';
import { encaissementMethods, type EncaissementMethods } from './encaissements/encaissementMethods';
import { inventaireMethods, type InventaireMethods } from './inventaire/inventaireMethods';
import { messagerieMethods, type MessagerieMethods } from './messagerie/messagerieMethods';
import { operationMethods, type OperationMethods } from './operation/operationMethods';
import { userMethods, type UserMethods } from './user/userMethods';

/** The dataProvider with every feature's named methods outside CRUD. */
export type AppDataProvider = DataProvider &
  ColisMethods &
  DepartMethods &
  EncaissementMethods &
  DashboardMethods &
  AutorisationMethods &
  InventaireMethods &
  OperationMethods &
  MessagerieMethods &
  UserMethods &
  AuditMethods &
  CaisseMethods &
  DemandesSuppressionMethods;

/** The dataProvider of the back-office: the CRUD calls and the named methods. */
export const dataProvider: AppDataProvider = {
  ...baseDataProvider,
  ...colisMethods,
  ...departMethods,
  ...encaissementMethods,
  ...dashboardMethods,
  ...inventaireMethods,
  ...autorisationMethods,
  ...operationMethods,
  ...messagerieMethods,
  ...userMethods,
  ...auditMethods,
  ...caisseMethods,
  ...demandesSuppressionMethods,
};

/**
 * Unit prices (paramNatureMode) as the API answers them: group, cities (each with its country) and mode populated.
 */
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { codeLibelleColumns } from '../db/refSelect';
import { groupesNatureColis, modesEnvoi, paramNatureModes, pays, villes } from '../db/schema';

export const vOrig = alias(villes, 'ville_origine');
export const vDest = alias(villes, 'ville_destination');
const pOrig = alias(pays, 'pays_origine');
const pDest = alias(pays, 'pays_destination');

/** Unit prices with group, cities (and their countries) and mode populated. */
export const selectParamNatureModes = (d: Db | Tx) =>
  d
    .select({
      id: paramNatureModes.id,
      libelle: paramNatureModes.libelle,
      prixUnitaire: paramNatureModes.prixUnitaire,
      montantMinimum: paramNatureModes.montantMinimum,
      isActive: paramNatureModes.isActive,
      createdAt: paramNatureModes.createdAt,
      updatedAt: paramNatureModes.updatedAt,
      groupeNatureColisID: codeLibelleColumns(groupesNatureColis),
      villeOrigineID: { id: vOrig.id, libelle: vOrig.libelle },
      paysOrigine: { id: pOrig.id, libelle: pOrig.libelle, devise: pOrig.devise },
      villeDestinationID: { id: vDest.id, libelle: vDest.libelle },
      paysDestination: { id: pDest.id, libelle: pDest.libelle, devise: pDest.devise },
      modeEnvoiID: codeLibelleColumns(modesEnvoi),
    })
    .from(paramNatureModes)
    .innerJoin(groupesNatureColis, eq(paramNatureModes.groupeNatureColisID, groupesNatureColis.id))
    .innerJoin(vOrig, eq(paramNatureModes.villeOrigineID, vOrig.id))
    .innerJoin(pOrig, eq(vOrig.paysID, pOrig.id))
    .innerJoin(vDest, eq(paramNatureModes.villeDestinationID, vDest.id))
    .innerJoin(pDest, eq(vDest.paysID, pDest.id))
    .innerJoin(modesEnvoi, eq(paramNatureModes.modeEnvoiID, modesEnvoi.id))
    .$dynamic();

/** Nests each city's country inside it (villeOrigineID.paysID, villeDestinationID.paysID). */
export const nestVillesPays = ({ paysOrigine, paysDestination, ...row }: Record<string, unknown>) => ({
  ...row,
  villeOrigineID: { ...(row.villeOrigineID as object), paysID: paysOrigine },
  villeDestinationID: { ...(row.villeDestinationID as object), paysID: paysDestination },
});

/**
 * The reads of the dashboard, through react-query and the dataProvider's named methods: the three statistics calls
 * (colis/getAllData, colisEnvoyesParMois, circularStatistiques) and the open departures (envoi/ouvertActif, shared
 * with the parcel wizard's cache). Each keeps its own state, so a block shows as soon as its call answers.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import type { DashboardMethods } from './dashboardMethods';
import type { ColisMethods } from '../colis/model/colisMethods';

/** Takes the signed-in user's id (undefined while the identity loads); returns the four queries. */
export function useDashboardData(userId: string | undefined) {
  const dataProvider = useDataProvider<DataProvider & DashboardMethods & ColisMethods>();
  const enabled = !!userId;
  const counts = useQuery({
    queryKey: ['dashboard', 'getAllData', userId],
    queryFn: ({ signal }) => dataProvider.getDashboardCounts(userId!, { signal }),
    enabled,
    retry: false,
  });
  const monthly = useQuery({
    queryKey: ['dashboard', 'colisEnvoyesParMois', userId],
    queryFn: ({ signal }) => dataProvider.getColisParMois(userId!, { signal }),
    enabled,
    retry: false,
  });
  const circular = useQuery({
    queryKey: ['dashboard', 'circularStatistiques', userId],
    queryFn: ({ signal }) => dataProvider.getCircularStats(userId!, { signal }),
    enabled,
    retry: false,
  });
  const envois = useQuery({
    queryKey: ['depart', 'getOpenEnvois'],
    queryFn: ({ signal }) => dataProvider.getOpenEnvois({ signal }),
    enabled,
    retry: false,
  });
  return { counts, monthly, circular, envois };
}

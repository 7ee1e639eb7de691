/**
 * The details page of a reference resource (spec 001 §2 "Nature group details (groupeNatureColisDetails, query id):
 * shows libelle, code, description and Statut (Actif or Inactif), a table of its natures … and a button to add a
 * nature"): breadcrumb to the list, upper-case title, a card of the record's fields (DetailsItem), then whatever the
 * resource adds below (a related table). react-admin's ShowBase loads the record (getOne); while loading a spinner,
 * an unknown record the resource's 'not found' text, any other failure the server message.
 */
import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { ShowBase, useResourceContext, useShowContext, useTranslate } from 'react-admin';
import { PageHeader } from './PageHeader';
import { serverMessage } from './recordLabel';

/** Props of ReferenceShowPage. */
export interface ReferenceShowPageProps {
  /** Translation key of the title, e.g. 'resources.groupeNatureColis.page.details'. */
  title: string;
  /** Translation key of the text shown when the record does not exist (404, or 400 for a malformed id). */
  notFound: string;
  /** The DetailsItem fields of the card (they read the record from context). */
  fields: ReactNode;
  /** Buttons at the right of the heading (e.g. edit). */
  actions?: ReactNode;
  /** Content below the card (e.g. the table of related records with its add button). */
  children?: ReactNode;
}

/** One label / value line of the details card. */
export const DetailsItem = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {translate(label, { _: label })}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
};

/** The page inside ShowBase: heading, then the load state, or the card and the content below. */
const ShowView = ({ title, notFound, fields, actions, children }: ReferenceShowPageProps) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { isPending, error, record } = useShowContext();
  const status = (error as { status?: number } | null)?.status;
  const steps = [{ label: `resources.${resource}.page.list`, to: `/${resource}` }, { label: title }];
  return (
    <>
      <PageHeader title={title} steps={steps}>
        {record && !error ? actions : null}
      </PageHeader>
      {error ? (
        <Alert severity={status === 404 || status === 400 ? 'info' : 'error'} sx={{ mt: 2 }}>
          {status === 404 || status === 400 ? translate(notFound) : (serverMessage(error) ?? translate('ra.notification.http_error'))}
        </Alert>
      ) : isPending || !record ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : (
        <>
          <Card sx={{ mt: 1 }}>
            <CardContent
              sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, alignItems: 'baseline' }}
              data-testid="details-card"
            >
              {fields}
            </CardContent>
          </Card>
          {children}
        </>
      )}
    </>
  );
};

/** Renders the details page of the resource in context (reads :id from the route); takes ReferenceShowPageProps. */
export const ReferenceShowPage = (props: ReferenceShowPageProps) => (
  <ShowBase queryOptions={{ onError: () => undefined, retry: false }}>
    <ShowView {...props} />
  </ShowBase>
);

/**
 * Page heading of every screen (spec 001 §2 "Every page has a breadcrumb starting with a link to home"):
 * a breadcrumb (home icon link, then the given steps) and the page title.
 */
import type { ReactNode } from 'react';
import { Box, Breadcrumbs, Link as MuiLink, Typography } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import { LinkBase, useTranslate } from 'react-admin';

/** One breadcrumb step: a translation key or text, and a path when it is a link. */
export interface BreadcrumbStep {
  label: string;
  to?: string;
}

/** Breadcrumb starting with a home link; takes the steps after home; the last step is plain text. */
const AppBreadcrumb = ({ steps }: { steps: BreadcrumbStep[] }) => {
  const translate = useTranslate();
  return (
    <Breadcrumbs aria-label="fil d'Ariane" sx={{ fontSize: '0.875rem' }}>
      <MuiLink component={LinkBase} to="/" underline="hover" color="inherit" sx={{ display: 'flex', alignItems: 'center' }}>
        <HomeIcon sx={{ mr: 0.5 }} fontSize="inherit" />
        {translate('app.common.home')}
      </MuiLink>
      {steps.map((step, index) =>
        step.to && index < steps.length - 1 ? (
          <MuiLink key={step.label} component={LinkBase} to={step.to} underline="hover" color="inherit">
            {translate(step.label, { _: step.label })}
          </MuiLink>
        ) : (
          <Typography key={step.label} color="text.primary" sx={{ fontSize: 'inherit' }}>
            {translate(step.label, { _: step.label })}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
};

/** Breadcrumb + page title (h5, the spec's upper-case titles such as 'LISTE DES PAYS'); optional right-hand content. */
export const PageHeader = ({ title, steps, children }: { title: string; steps: BreadcrumbStep[]; children?: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, mb: 1, display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
      <Box>
        <AppBreadcrumb steps={steps} />
        <Typography variant="h5" component="h1" sx={{ mt: 1, fontWeight: 600 }}>
          {translate(title, { _: title })}
        </Typography>
      </Box>
      {children}
    </Box>
  );
};

import { lazy, Suspense } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { describeApiError } from '../../lib/api-client';
import { areaById } from '../../lib/areas';
import { useBillingMetrics } from './api/billing-metrics';
import { useDashboard } from './api/dashboard';
import { DashboardTiles } from './components/dashboard-tiles';

const area = areaById('dashboard');
const DashboardCharts = lazy(() => import('./components/dashboard-charts'));
const BillingCharts = lazy(() => import('./components/billing-charts'));

export function DashboardPage() {
  const dashboard = useDashboard();
  const billing = useBillingMetrics();
  return (
    <>
      <PageHeader
        title={area.title}
        description={area.description}
        actions={
          <Button size="sm" variant="ghost" onClick={() => dashboard.refetch()} disabled={dashboard.isFetching}>
            {dashboard.isFetching ? 'Refreshing…' : 'Refresh'}
          </Button>
        }
      />
      {dashboard.isError ? (
        <Alert tone="danger" title="The dashboard could not be loaded">
          <p>{describeApiError(dashboard.error, 'Please try again.')}</p>
        </Alert>
      ) : null}
      {dashboard.isPending ? <Spinner label="Loading the dashboard…" /> : null}
      {dashboard.data ? (
        <>
          <DashboardTiles tiles={dashboard.data.tiles} />
          <Suspense fallback={<Spinner label="Drawing charts…" />}>
            <DashboardCharts dashboard={dashboard.data} />
            {billing.data ? <BillingCharts months={billing.data} /> : null}
          </Suspense>
        </>
      ) : null}
    </>
  );
}

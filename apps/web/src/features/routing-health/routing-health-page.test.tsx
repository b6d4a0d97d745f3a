import { type LintFinding, ROUTING_HEALTH_TEXTS } from '@switchboard/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import RoutingHealthPage from './routing-health-page.tsx';

const marketing = { type: 'number' as const, id: 6, name: '03300880123 (Marketing)', value: '03300880123' };
const finding: LintFinding = {
  kind: 'numberNowhere',
  object: marketing,
  message: 'Number 03300880123 (Marketing) is routed nowhere: callers hear the number-unobtainable tone.',
  objects: [marketing],
};

describe('routing health', () => {
  it('lists each finding in plain words with Fix it linking to the object’s page', async () => {
    const server = fakeServer();
    server.on('GET', '/routinghealth', () => ({ records: [finding], totalRecords: 1 }));
    renderPanel(<RoutingHealthPage />, { url: '/routing-health' });
    expect(await screen.findByText(finding.message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fix it: Number 03300880123 (Marketing)' }).getAttribute('href')).toBe(
      '/telephone-numbers/6',
    );
    expect(screen.getByText('Number routed nowhere')).toBeTruthy();
  });

  it('says so when there is nothing to fix', async () => {
    const server = fakeServer();
    server.on('GET', '/routinghealth', () => ({ records: [], totalRecords: 0 }));
    renderPanel(<RoutingHealthPage />, { url: '/routing-health' });
    expect(await screen.findByText(ROUTING_HEALTH_TEXTS.empty)).toBeTruthy();
  });
});

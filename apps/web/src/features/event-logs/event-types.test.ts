import { describe, expect, it } from 'vitest';
import { eventTargetOf, eventTypeLabel } from './event-types';

describe('eventTypeLabel', () => {
  it.each([
    ['invite.accepted', 'Invite accepted'],
    ['application.created', 'Application added'],
    ['widget.colour_changed', 'Widget colour changed'],
    ['billing.Invoice-Paid', 'Billing invoice paid'],
  ])('%s → %s', (eventType, label) => {
    expect(eventTypeLabel(eventType)).toBe(label);
  });
});

describe('eventTargetOf', () => {
  it('names the application, then the team, then the person an event was about', () => {
    expect(
      eventTargetOf('team-application.updated', {
        teamId: 't',
        friendlyId: 'platform',
        applicationId: 'a-1',
        applicationName: 'Grafana',
      }),
    ).toEqual({ kind: 'application', id: 'a-1', label: 'Grafana' });
    expect(eventTargetOf('application.created', { applicationId: 'a-2', name: 'Jira' })).toEqual({
      kind: 'application',
      id: 'a-2',
      label: 'Jira',
    });
    expect(eventTargetOf('team.created', { teamId: 't', friendlyId: 'platform', name: 'Platform' })).toEqual({
      kind: 'team',
      slug: 'platform',
      label: 'Platform',
    });
    expect(eventTargetOf('invite.accepted', { inviteId: 'i', teamId: 't', friendlyId: 'platform' })).toEqual({
      kind: 'team',
      slug: 'platform',
      label: 'platform',
    });
    expect(eventTargetOf('user.updated', { userId: 'u-1', email: 'ada@example.test' })).toEqual({
      kind: 'person',
      id: 'u-1',
      label: 'ada@example.test',
    });
    expect(eventTargetOf('session.signed_in', {})).toBeNull();
    expect(eventTargetOf('session.signed_in', null)).toBeNull();
  });
});

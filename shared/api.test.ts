import { describe, expect, it } from 'vitest';
import { fillPath, matchPath, needsJwtAuthorizer, type RouteDef, routeKey, routes } from './api';

describe('route table', () => {
  it('matches paths and decodes params', () => {
    expect(matchPath('/api/uploads/{uploadId}/complete', '/api/uploads/a%20b/complete')).toEqual({
      uploadId: 'a b',
    });
    expect(matchPath('/api/uploads/{uploadId}', '/api/uploads/x/complete')).toBeNull();
    expect(matchPath('/api/uploads', '/api/uploads')).toEqual({});
    expect(matchPath('/api/uploads/{uploadId}', '/api/uploads/%E0%A4%A')).toBeNull();
  });
  it('fills paths and refuses a missing param', () => {
    expect(fillPath('/api/uploads/{uploadId}', { uploadId: 'x/y' })).toBe('/api/uploads/x%2Fy');
    expect(() => fillPath('/api/uploads/{uploadId}', {})).toThrow(/uploadId/);
  });
  it('has unique route keys', () => {
    const keysList = Object.values(routes).map(routeKey);
    expect(new Set(keysList).size).toBe(keysList.length);
  });
  it('puts the JWT authorizer only on user and admin routes', () => {
    for (const route of Object.values(routes) as RouteDef[]) {
      expect(needsJwtAuthorizer(route)).toBe(['user', 'admin'].includes(route.access));
    }
  });
});

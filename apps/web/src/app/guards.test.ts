import { describe, expect, it } from 'vitest';
import { hasRole, type Session } from '../lib/session.ts';
import { loginPathFor } from '../lib/login-path.ts';
import { redirectTarget } from './guards.tsx';
import { matchRoute } from './routes.tsx';

const session = (role: 'user' | 'admin' | null): Session =>
  role
    ? {
        status: 'authenticated',
        user: { role } as Session['user'],
        isAdmin: role === 'admin',
        avatarUrl: '/images/avatar-64.png',
      }
    : { status: 'anonymous', user: null, isAdmin: false, avatarUrl: '/images/avatar-64.png' };

describe('role check (SPEC §5)', () => {
  it('passes an empty requirement, fails a missing role, admits any role for "all"', () => {
    expect(hasRole([], null)).toBe(true);
    expect(hasRole(undefined, null)).toBe(true);
    expect(hasRole(['all'], null)).toBe(false);
    expect(hasRole(['all'], 'user')).toBe(true);
    expect(hasRole(['admin'], 'user')).toBe(false);
    expect(hasRole(['admin'], 'admin')).toBe(true);
  });
});

describe('route table', () => {
  it('matches aliases and parameters, and anything else to not-found', () => {
    expect(matchRoute('/login').meta.name).toBe('login');
    expect(matchRoute('/forgot-password').meta.name).toBe('forgot-password');
    expect(matchRoute('/trees/abc/versions').meta.name).toBe('tree-versions');
    expect(matchRoute('/community/abc/').meta.name).toBe('template-detail');
    expect(matchRoute('/nope').meta.name).toBe('not-found');
  });
});

describe('redirect after login', () => {
  it('goes back to an allowed page the visitor asked for', () => {
    expect(redirectTarget('?redirect=%2Fsettings%3Ftab%3D1', session('user'))).toBe('/settings?tab=1');
  });

  it('never leaves the site, never returns to an auth page, and respects roles', () => {
    expect(redirectTarget('?redirect=%2F%2Fevil.example', session('user'))).toBe('/');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example', session('user'))).toBe('/');
    expect(redirectTarget('?redirect=%2Flogin', session('user'))).toBe('/');
    expect(redirectTarget('?redirect=%2Fadmin%2Fai', session('user'))).toBe('/');
    expect(redirectTarget('?redirect=%2Fadmin%2Fai', session('admin'))).toBe('/admin/ai');
  });

  it('builds the login link with the page to come back to', () => {
    expect(loginPathFor({ pathname: '/trees/x', search: '?a=1', hash: '' })).toBe(
      '/login?redirect=%2Ftrees%2Fx%3Fa%3D1',
    );
    expect(loginPathFor({ pathname: '/', search: '' })).toBe('/login');
  });
});

import { describe, it, expect } from 'vitest';
import {
  SUPPORTED_MEDIA_TYPES, contentTypeHeader, negotiate, parseAccept, render,
} from '../../src/representations/negotiate.js';
import { ctx, sampleTax } from './fixture.js';

describe('negotiate', () => {
  it.each([
    [undefined, 'application/hal+json'],
    ['', 'application/hal+json'],
    ['*/*', 'application/hal+json'],
    ['application/*', 'application/hal+json'],
    ['application/json', 'application/hal+json'],
    ['application/hal+json', 'application/hal+json'],
    ['application/hal+xml', 'application/hal+xml'],
    ['application/xml', 'application/hal+xml'],
    ['text/xml', 'application/hal+xml'],
    ['application/vnd.siren+json', 'application/vnd.siren+json'],
    ['text/html', 'text/html'],
    ['TEXT/HTML', 'text/html'],
    ['text/*', 'text/html'], // wildcards reach canonical names only, not the text/xml alias
    // A browser's header.
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8', 'text/html'],
  ] as const)('%s → %s', (accept, expected) => {
    expect(negotiate(accept)).toBe(expected);
  });

  it('picks the highest q', () => {
    expect(negotiate('application/hal+json;q=0.5, application/vnd.siren+json;q=0.9')).toBe('application/vnd.siren+json');
    expect(negotiate('text/html;q=0.1, application/xml;q=0.2')).toBe('application/hal+xml');
    expect(negotiate('*/*;q=0.1, text/html;q=0.2')).toBe('text/html');
  });

  it('lets the most specific range set a type\'s quality, so q=0 excludes it', () => {
    expect(negotiate('*/*, application/hal+json;q=0')).toBe('application/hal+xml');
    expect(negotiate('application/*, application/hal+json;q=0, application/hal+xml;q=0')).toBe('application/vnd.siren+json');
    expect(negotiate('text/html;q=0')).toBeNull();
    expect(negotiate('*/*;q=0')).toBeNull();
    expect(negotiate('text/*;q=0, */*;q=0.5')).toBe('application/hal+json');
  });

  it('breaks ties by specificity, then header order, then server preference', () => {
    expect(negotiate('*/*, text/html')).toBe('text/html'); // same q: text/html is named exactly
    expect(negotiate('application/*, text/html')).toBe('text/html');
    expect(negotiate('application/vnd.siren+json, text/html')).toBe('application/vnd.siren+json');
    expect(negotiate('text/html, application/vnd.siren+json')).toBe('text/html');
    expect(negotiate('application/json, application/vnd.siren+json')).toBe('application/hal+json');
    expect(negotiate('text/html;level=1, application/vnd.siren+json')).toBe('text/html'); // parameters are more specific
  });

  it('returns null when nothing supported is acceptable', () => {
    expect(negotiate('image/png')).toBeNull();
    expect(negotiate('application/pdf, text/plain;q=0.5')).toBeNull();
    expect(negotiate('garbage')).toBeNull();
  });

  it('ignores malformed ranges and reads quoted parameters', () => {
    expect(negotiate('text/html;q=2, application/hal+xml')).toBe('application/hal+xml');
    expect(negotiate('text/html;q=abc')).toBeNull();
    expect(negotiate('*/html, application/vnd.siren+json')).toBe('application/vnd.siren+json');
    expect(negotiate('text/html;foo="a,b;q=0", application/xml;q=0.5')).toBe('text/html');
    expect(parseAccept('text/html;a=1;q=0.3;ext=2')).toEqual([{ type: 'text', subtype: 'html', params: 1, q: 0.3, index: 0 }]);
  });
});

describe('render and contentTypeHeader', () => {
  it('lists the supported types with HAL+JSON first', () => {
    expect(SUPPORTED_MEDIA_TYPES[0]).toBe('application/hal+json');
    expect([...SUPPORTED_MEDIA_TYPES].sort()).toEqual(
      ['application/hal+json', 'application/hal+xml', 'application/vnd.siren+json', 'text/html']);
  });

  it('dispatches to each renderer', () => {
    const rep = sampleTax();
    expect(JSON.parse(render('application/hal+json', rep, ctx))._links.self.href).toBe(rep.self.href);
    expect(render('application/hal+xml', rep, ctx)).toMatch(/^<\?xml/);
    expect(JSON.parse(render('application/vnd.siren+json', rep, ctx)).class).toEqual(['tax']);
    expect(render('text/html', rep, ctx)).toMatch(/^<!DOCTYPE html>/);
  });

  it('adds the charset', () => {
    expect(contentTypeHeader('application/hal+xml')).toBe('application/hal+xml; charset=utf-8');
    expect(contentTypeHeader('text/html')).toBe('text/html; charset=utf-8');
  });
});

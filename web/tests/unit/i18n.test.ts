import { describe, expect, it } from 'vitest';
import { resolveLang, setLang, t } from '../../src/i18n';

describe('the message catalogue', () => {
  it('gives the message in the language set', () => {
    setLang('en');
    expect(t('nav.lobby')).toBe('Lobby');
    setLang('ja');
    expect(t('nav.lobby')).toBe('ロビー');
    setLang('en');
  });

  it('fills in parameters and leaves unknown ones visible', () => {
    setLang('en');
    expect(t('shell.gameNumber', { id: 12 })).toBe('game 12');
    expect(t('shell.gameNumber')).toBe('game {id}');
    setLang('ja');
    expect(t('shell.gameNumber', { id: 12 })).toBe('対局 12');
    setLang('en');
  });

  it('follows the browser when the setting is auto', () => {
    expect(resolveLang('auto', ['ja-JP', 'en-US'])).toBe('ja');
    expect(resolveLang('auto', ['fr-FR', 'en-GB', 'ja'])).toBe('en');
    expect(resolveLang('auto', ['de'])).toBe('en');
    expect(resolveLang('en', ['ja'])).toBe('en');
    expect(resolveLang('ja', ['en'])).toBe('ja');
  });
});

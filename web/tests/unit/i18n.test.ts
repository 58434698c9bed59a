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

  it('says one and many as each language does', () => {
    setLang('en');
    expect(t('play.forecastStored', { n: 1 })).toBe('Stored: 1 conditional line in all.');
    expect(t('play.forecastStored', { n: 2 })).toBe('Stored: 2 conditional lines in all.');
    expect(t('play.forecastStored', { n: 0 })).toBe('Stored: 0 conditional lines in all.');
    expect(t('play.forecastStored')).toBe('Stored: {n} conditional {n|line|lines} in all.');
    setLang('ja');
    expect(t('play.forecastStored', { n: 1 })).toBe('保存しました（予約手順は全部で1つ）。');
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

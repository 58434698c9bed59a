// "Report": beside a player's name on their profile, a comment, a chat line or a received
// message. The form asks for a reason and a few words; the target is filled in (moderation.ts).
import { api } from '../api/client';
import { t, type MessageKey } from '../i18n';
import { REPORT_REASONS, MAX_TEXT, reportRequest, type ReportTarget } from '../moderation';
import type { ReportReason } from '../api/types';
import { h } from '../render/svg';
import { dialogField, openFormDialog } from './formDialog';
import { toast } from './notice';

export const REASON_KEYS: Record<ReportReason, MessageKey> = {
  cheating: 'mod.reasonCheating', abuse: 'mod.reasonAbuse', spam: 'mod.reasonSpam', boosting: 'mod.reasonBoosting', other: 'mod.reasonOther',
};
const TARGET_KEYS: Record<ReportTarget['kind'], MessageKey> = {
  user: 'mod.reportUser', game: 'mod.reportGame', comment: 'mod.reportComment', chat: 'mod.reportChat', message: 'mod.reportMessage',
};

export function openReport(target: ReportTarget): void {
  const reason = h('select', { id: 'report-reason', name: 'reason', required: true },
    h('option', { value: '' }, t('mod.chooseReason')),
    REPORT_REASONS.map((r) => h('option', { value: r }, t(REASON_KEYS[r]))));
  const text = h('textarea', { id: 'report-text', name: 'text', rows: 4, maxlength: MAX_TEXT, required: true, placeholder: t('mod.textPlaceholder') });
  const excerpt = 'excerpt' in target ? h('blockquote', { class: 'report-excerpt' }, target.excerpt) : null;
  openFormDialog({
    name: 'report',
    title: t(TARGET_KEYS[target.kind], { name: target.user }),
    intro: [h('p', { class: 'muted small' }, t('mod.reportIntro')), ...(excerpt ? [excerpt] : [])],
    fields: [dialogField('report-reason', t('mod.reason'), reason), dialogField('report-text', t('mod.reportText'), text)],
    submit: t('mod.sendReport'),
    onSubmit: async () => {
      const req = reportRequest(target, reason.value, text.value);
      if (!req.ok) throw new Error(t(req.error));
      await api.report(req.value);
    },
    onDone: () => toast(t('mod.reported', { name: target.user })),
  });
  reason.focus();
}

/** The small "Report" button that opens the form for `target`. */
export function reportButton(target: ReportTarget): HTMLButtonElement {
  return h('button', {
    type: 'button', class: 'link-button report-button', 'data-report': target.kind,
    'aria-label': t('mod.reportLabel', { name: target.user }), title: t('mod.reportLabel', { name: target.user }),
    onclick: () => openReport(target),
  }, t('mod.report'));
}

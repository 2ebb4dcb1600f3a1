import { useRef, useState } from 'react';
import type { Community, ReportedItem } from '@forum/contracts';
import { errorMessage } from '@forum/sdk';
import { Button, Card, buttonClassName } from '@forum/ui';
import { useReportQueue } from '../../hooks/useReportQueue';
import { useResolveReport } from '../../hooks/useResolveReport';
import { commentPath, postPath, type TargetView } from '../../lib/communityModeration';
import { markdownPreview, stripMarkup } from '../../lib/display';
import { ReasonDialog } from '../moderation/ReasonDialog';
import { PagedListSection } from '../PagedListSection';
import { RelativeTime } from '../RelativeTime';
import { useToast } from '../Toast';
import { MODERATION_TEXTS } from '../../moderationTexts';
import { QueueSkeleton } from './QueueSkeleton';
import { StatusFilter, type QueueStatus } from './StatusFilter';
import { TargetLink, UserLink } from './TargetLink';

const TYPE_LABELS: Record<ReportedItem['target_type'], string> = {
  post: MODERATION_TEXTS.reportTypePost,
  comment: MODERATION_TEXTS.reportTypeComment,
  message: MODERATION_TEXTS.reportTypeMessage,
};

function reportTarget(report: ReportedItem, community: Community): TargetView {
  const title = report.target_title ? stripMarkup(report.target_title) : null;
  if (report.target_type === 'post') {
    return { text: title ?? MODERATION_TEXTS.modlogDeletedItem, to: postPath(report.target_id) };
  }
  if (report.target_type === 'comment') {
    return {
      text: `${MODERATION_TEXTS.modlogCommentOn} “${title ?? MODERATION_TEXTS.modlogDeletedItem}”`,
      // The row names the comment's post; the lookup route is for a server that did not.
      to: report.post_id
        ? `${postPath(report.post_id)}#comment-${encodeURIComponent(report.target_id)}`
        : commentPath(community.name, report.target_id),
    };
  }
  // Messages go to the admin's queue, not a community's; shown as text should one appear.
  return { text: TYPE_LABELS.message, to: null };
}

function ReportRow({ report, community }: { report: ReportedItem; community: Community }) {
  const resolve = useResolveReport(community.id);
  const toast = useToast();
  const [removing, setRemoving] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const open = report.status === 'open';
  const count = report.report_count;
  return (
    <Card className="forum-cm-row" data-testid="report-row" data-report-id={report.id}>
      <div className="forum-cm-row__head">
        <span className="forum-cm-tag" data-testid="report-type">
          {TYPE_LABELS[report.target_type]}
        </span>
        <TargetLink target={reportTarget(report, community)} testId="report-target" />
      </div>
      {report.target_excerpt ? (
        <p className="forum-cm-excerpt" data-testid="report-excerpt">
          {markdownPreview(report.target_excerpt, 300)}
        </p>
      ) : null}
      <div className="forum-cm-row__meta">
        <span>
          {MODERATION_TEXTS.modlogBy}{' '}
          <UserLink username={report.target_author_username} testId="report-author" />
        </span>
        <span data-testid="report-count">
          {count} {count === 1 ? MODERATION_TEXTS.reportCount : MODERATION_TEXTS.reportCountPlural}
        </span>
        <RelativeTime value={report.created_at} />
        {open ? null : (
          <span className="forum-cm-tag" data-testid="report-resolution">
            {report.resolution
              ? MODERATION_TEXTS.resolvedAs(
                  report.resolution.action,
                  report.resolution.moderator_username,
                )
              : MODERATION_TEXTS.statusClosed}
          </span>
        )}
      </div>
      <div className="forum-small">
        <span className="forum-small-title">{MODERATION_TEXTS.reportReasons}</span>
        <ul className="forum-cm-reasons" data-testid="report-reasons">
          {report.reasons.map((reason, i) => (
            <li key={i}>{stripMarkup(reason)}</li>
          ))}
        </ul>
      </div>
      {open ? (
        <div className="forum-cm-row__actions">
          <Button
            size="sm"
            variant="secondary"
            disabled={resolve.isPending}
            onClick={() =>
              resolve.mutate(
                { reportId: report.id, action: 'dismiss' },
                {
                  onSuccess: () => toast(MODERATION_TEXTS.reportDismissed, 'success'),
                  onError: (err) => toast(errorMessage(err, MODERATION_TEXTS.resolveFailed)),
                },
              )
            }
            data-testid="report-dismiss"
          >
            {MODERATION_TEXTS.dismiss}
          </Button>
          <button
            ref={removeButton}
            type="button"
            className={buttonClassName('danger', 'sm')}
            disabled={resolve.isPending}
            onClick={() => {
              resolve.reset();
              setRemoving(true);
            }}
            data-testid="report-remove"
          >
            {MODERATION_TEXTS.remove}
          </button>
          <ReasonDialog
            open={removing}
            onOpenChange={setRemoving}
            title={MODERATION_TEXTS.removeReportedTitle}
            description={MODERATION_TEXTS.removeReportedDescription}
            reasonRequired
            confirmLabel={MODERATION_TEXTS.remove}
            danger
            pending={resolve.isPending}
            error={
              resolve.isError ? errorMessage(resolve.error, MODERATION_TEXTS.resolveFailed) : null
            }
            returnFocusRef={removeButton}
            onConfirm={({ reason }) =>
              resolve.mutate(
                { reportId: report.id, action: 'remove', reason },
                {
                  onSuccess: () => {
                    setRemoving(false);
                    toast(MODERATION_TEXTS.reportRemoved, 'success');
                  },
                },
              )
            }
            testId="remove-dialog"
          />
        </div>
      ) : null}
    </Card>
  );
}

/** §M5: the community's reported items, one row per item; Dismiss, or Remove with a reason. */
export function ReportsPanel({ community }: { community: Community }) {
  const [status, setStatus] = useState<QueueStatus>('open');
  const q = useReportQueue(community.id, status);
  return (
    <>
      <div className="forum-cm-toolbar">
        <StatusFilter value={status} onChange={setStatus} />
      </div>
      <PagedListSection
        query={q}
        items={q.data?.pages.flatMap((p) => p.reports) ?? []}
        renderItem={(report) => <ReportRow report={report} community={community} />}
        loading={<QueueSkeleton testId="reports-loading" />}
        errorTitle={MODERATION_TEXTS.reportsFailed}
        errorTestId="reports-error"
        emptyText={
          status === 'open' ? MODERATION_TEXTS.noOpenReports : MODERATION_TEXTS.noClosedReports
        }
        emptyTestId="reports-empty"
        listTestId="reports-list"
        loadMoreTestId="reports-load-more"
      />
    </>
  );
}

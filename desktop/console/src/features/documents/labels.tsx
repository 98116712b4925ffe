import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentStatus, ItemState, OverviewStatus } from '../../../../../shared/documents.ts';

const ITEM_COLOURS: Record<ItemState, string> = {
  Have: 'teal',
  Missing: 'red',
  Expired: 'red',
  AwaitingVerification: 'blue',
  Rejected: 'orange',
};

/** Where an item of a file stands, as a coloured word. */
export function ItemStateBadge({ state, expiringSoon }: { state: ItemState; expiringSoon?: boolean }) {
  const { t } = useTranslation('labels');
  if (state === 'Have' && expiringSoon) {
    return (
      <Badge color="yellow" variant="light">
        {t('documentOverviewStatus.ExpiringSoon')}
      </Badge>
    );
  }
  return (
    <Badge color={ITEM_COLOURS[state]} variant="light">
      {t(`documentItemState.${state}`)}
    </Badge>
  );
}

const STATUS_COLOURS: Record<DocumentStatus, string> = { AwaitingVerification: 'blue', Verified: 'teal', Rejected: 'orange' };

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation('labels');
  return (
    <Badge color={STATUS_COLOURS[status]} variant="dot">
      {t(`documentStatus.${status}`)}
    </Badge>
  );
}

const OVERVIEW_COLOURS: Record<OverviewStatus, string> = {
  Missing: 'red',
  ExpiringSoon: 'yellow',
  Expired: 'red',
  AwaitingVerification: 'blue',
  Rejected: 'orange',
};

export function OverviewStatusBadge({ status }: { status: OverviewStatus }) {
  const { t } = useTranslation('labels');
  return (
    <Badge color={OVERVIEW_COLOURS[status]} variant="light">
      {t(`documentOverviewStatus.${status}`)}
    </Badge>
  );
}

/** `120 KB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Dates typed as `19 Dec 2026` or `2026-12-19` (the leave form's parser). */
export { parseDay } from '../leave/apply-page.tsx';

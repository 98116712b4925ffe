import { Button, EmptyState } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';

/** Any path the console does not know. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('notFound.title')} />
      <EmptyState mt="xl" icon={<IconMapOff />} title={t('notFound.heading')} description={t('notFound.description')}>
        <Button component={Link} to="/dashboard" variant="light">
          {t('notFound.home')}
        </Button>
      </EmptyState>
    </>
  );
}

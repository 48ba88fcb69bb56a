import { useCallback, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BAN_REASON_MAX, banUserSchema, SEARCH_MIN, type AdminUserItem } from '@moba/contracts';
import { Dialog } from '../../../components/Dialog';
import { useIssueText } from '../../../components/Field';
import { codedResolver } from '../../../lib/validation';
import { Labelled } from '../../../components/Labelled';
import { formatDate } from '../../../lib/format';
import { useAdminUsersQuery, useBanUserMutation, useReactivateUserMutation } from '../api';
import { AdminError } from '../components/AdminError';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { VerifyEstateDialog } from '../components/VerifyEstateDialog';
import { VerifiedBadge } from '../../../components/TrustFigures';
import {
  DoneNotice,
  Fact,
  FilterSelect,
  PagedList,
  LiveFilters,
  SearchField,
  useListPage,
  useListSearch,
} from '../list-controls';
import '../admin.css';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { DialogActions } from '../../../components/DialogActions';

const PAGE_SIZE = 20;
type Sort = 'date' | 'name';
type StatusFilter = 'all' | 'Active' | 'Banned';
type RoleFilter = '' | 'Worker' | 'Estate';

export function BanDialog({
  user,
  onClose,
  onBanned,
}: {
  user: AdminUserItem;
  onClose: () => void;
  onBanned: () => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const issueText = useIssueText('admin');
  const { register, handleSubmit, formState } = useForm({
    resolver: codedResolver(banUserSchema),
    defaultValues: { reason: '' },
  });
  const [ban, { isLoading, error }] = useBanUserMutation();
  // The dialog re-focuses when its onClose changes: keep one stable callback.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const close = useCallback(() => closeRef.current(), []);
  const onSubmit = handleSubmit(async ({ reason }) => {
    const result = await ban({ id: user.id, reason });
    if ('data' in result) onBanned();
  });
  return (
    <Dialog title={t('users.banTitle', { name: user.name })} onClose={close}>
      <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <p>{t('users.banText')}</p>
        <Labelled label={t('users.reason')} error={issueText(formState.errors.reason?.message, 'reason')}>
          {(c) => <textarea {...c} rows={3} maxLength={BAN_REASON_MAX} {...register('reason')} />}
        </Labelled>
        <AdminError action="ban" error={error} />
        <DialogActions onCancel={onClose}>
          <button type="submit" className="danger" disabled={isLoading} data-testid="confirm-ban">
            {t('users.ban')}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function UserCard({
  user,
  onBan,
  onReactivate,
  onVerify,
}: {
  user: AdminUserItem;
  onBan: () => void;
  onReactivate: () => void;
  onVerify: () => void;
}) {
  const { t, i18n } = useTranslation(['admin', 'trust']);
  const banned = user.status === 'Banned';
  return (
    <li className={`admin-card${banned ? ' banned' : ''}`} data-testid="admin-user">
      <div className="admin-card-head">
        <h3>{user.name}</h3>
        <span className="pill">{t(`users.type.${user.userType}`)}</span>
        <span className={`pill ${banned ? 'pill-danger' : 'pill-ok'}`} data-testid="user-status">
          {t(`users.status.${user.status}`)}
        </span>
        {user.estateVerified && <VerifiedBadge />}
      </div>
      {banned && user.banReason && (
        <p className="ban-reason">
          <strong>{t('users.reason')}:</strong> {user.banReason}
        </p>
      )}
      <dl className="facts">
        <Fact term={t('fields.phone')}>
          <a href={`tel:${user.phone}`}>{user.phone}</a>
        </Fact>
        <Fact term={t('fields.email')}>{user.email}</Fact>
        <Fact term={t('fields.region')}>
          {t(`regions.${user.region}`)}
          {user.municipality ? `, ${user.municipality}` : ''}
        </Fact>
        <Fact term={t('fields.registered')}>{formatDate(user.registeredAt, i18n.language)}</Fact>
        {user.userType === 'Worker' && (
          <>
            <Fact term={t('fields.dateOfBirth')}>
              {user.dateOfBirth ? formatDate(user.dateOfBirth, i18n.language) : '—'}
            </Fact>
            <Fact term={t('fields.groupLeader')}>
              {user.groupLeader ? t('users.leaderOf', { count: user.groupSize }) : t('no')}
            </Fact>
            <Fact term={t('fields.availability')}>
              {user.availabilityMonths.length
                ? user.availabilityMonths.map((m) => t(`months.${m}`)).join(', ')
                : '—'}
            </Fact>
            <Fact term={t('fields.skills')}>{user.skills || '—'}</Fact>
          </>
        )}
        {user.note && <Fact term={t('note.label')}>{user.note}</Fact>}
      </dl>
      {user.userType === 'Estate' && (
        <div className="estate-check" data-testid="estate-check">
          <p className="small">
            {t('trust:verify.bpg')}: <strong>{user.bpg ?? '—'}</strong> · {t('trust:verify.pib')}:{' '}
            <strong>{user.pib ?? '—'}</strong>
          </p>
          {user.verificationNote && (
            <p className="small">
              {t('trust:verify.note')}: {user.verificationNote}
            </p>
          )}
          <button type="button" className="block" onClick={onVerify} data-testid="verify-estate">
            {t(user.estateVerified ? 'trust:verify.revoke' : 'trust:verify.open')}
          </button>
        </div>
      )}
      {banned ? (
        <button type="button" className="primary block" onClick={onReactivate}>
          {t('users.reactivate')}
        </button>
      ) : (
        <button type="button" className="danger block" onClick={onBan}>
          {t('users.ban')}
        </button>
      )}
    </li>
  );
}

const USERS_TEXTS = ['admin', 'common', 'trust', 'errors'];

/** /admin/users: workers and estates, search, sort by date or name, active/banned, ban and reactivate. */
export default function UsersPage() {
  // Every text the cards and their dialogs use, loaded before the first paint: a namespace first
  // needed by a card that arrives with the data would suspend the page and lose what was typed.
  const { t } = useTranslation(USERS_TEXTS);
  useDocumentTitle(t('users.title'));
  const { text, setText, search } = useListSearch();
  const [sort, setSort] = useState<Sort>('date');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [role, setRole] = useState<RoleFilter>('');
  const { page, setPage, filter } = useListPage();
  const users = useAdminUsersQuery({
    page,
    pageSize: PAGE_SIZE,
    sort,
    status,
    ...(search ? { search } : {}),
    ...(role ? { role } : {}),
  });
  const [banning, setBanning] = useState<AdminUserItem | null>(null);
  const [reactivating, setReactivating] = useState<AdminUserItem | null>(null);
  const [verifying, setVerifying] = useState<AdminUserItem | null>(null);
  const [reactivate, reactivateState] = useReactivateUserMutation();
  const [done, setDone] = useState<string | null>(null);

  return (
    <section className="page admin">
      <h1>{t('users.title')}</h1>
      <LiveFilters>
        <SearchField
          id="users-search"
          label={t('users.search')}
          hint={t('users.searchHint', { count: SEARCH_MIN })}
          value={text}
          onChange={filter(setText)}
        />
        <FilterSelect id="users-role" label={t('users.roleFilter')} value={role} onChange={filter(setRole)}>
          <option value="">{t('users.everyone')}</option>
          <option value="Worker">{t('users.type.Worker')}</option>
          <option value="Estate">{t('users.type.Estate')}</option>
        </FilterSelect>
        <FilterSelect
          id="users-status"
          label={t('users.statusFilter')}
          value={status}
          onChange={filter(setStatus)}
        >
          <option value="all">{t('users.everyone')}</option>
          <option value="Active">{t('users.status.Active')}</option>
          <option value="Banned">{t('users.status.Banned')}</option>
        </FilterSelect>
        <FilterSelect id="users-sort" label={t('users.sort')} value={sort} onChange={filter(setSort)}>
          <option value="date">{t('users.sortDate')}</option>
          <option value="name">{t('users.sortName')}</option>
        </FilterSelect>
      </LiveFilters>

      <DoneNotice testId="user-action-done">{done}</DoneNotice>
      {!reactivating && <AdminError action="reactivate" error={reactivateState.error} />}
      <p className="muted small">
        {users.data && !users.isFetching ? t('users.count', { count: users.data.total }) : ''}
      </p>

      <PagedList
        query={users}
        page={page}
        onPage={setPage}
        empty={search ? t('users.emptySearch') : t('users.empty')}
      >
        {(items) => (
          <ul className="plain admin-list">
            {items.map((u) => (
              <UserCard
                key={u.id}
                user={u}
                onBan={() => {
                  setDone(null);
                  setBanning(u);
                }}
                onReactivate={() => {
                  setDone(null);
                  reactivateState.reset();
                  setReactivating(u);
                }}
                onVerify={() => {
                  setDone(null);
                  setVerifying(u);
                }}
              />
            ))}
          </ul>
        )}
      </PagedList>

      {banning && (
        <BanDialog
          user={banning}
          onClose={() => setBanning(null)}
          onBanned={() => {
            setDone(t('users.banned', { name: banning.name }));
            setBanning(null);
          }}
        />
      )}
      {verifying && (
        <VerifyEstateDialog
          estate={verifying}
          onClose={() => setVerifying(null)}
          onDone={(verified) => {
            setDone(t(verified ? 'trust:verify.done' : 'trust:verify.revoked', { name: verifying.name }));
            setVerifying(null);
          }}
        />
      )}
      {reactivating && (
        <ConfirmDialog
          title={t('users.reactivateTitle', { name: reactivating.name })}
          confirmLabel={t('users.reactivate')}
          busy={reactivateState.isLoading}
          onClose={() => setReactivating(null)}
          onConfirm={async () => {
            const result = await reactivate(reactivating.id);
            if ('data' in result) setDone(t('users.reactivated', { name: reactivating.name }));
            setReactivating(null);
          }}
        >
          <p>{t('users.reactivateText')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

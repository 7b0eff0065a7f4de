import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { features } from '../../app/features.ts';
import { useMe } from '../../app/me.tsx';

/** Where a sign-in lands: who is signed in, for which merchants, and the screens their role opens. */
export default function HomePage() {
  const { t } = useTranslation();
  const { operator, permissions } = useMe();
  const screens = features.filter((f) => permissions.includes(f.permission));
  return (
    <div className="page">
      <h1 className="page__title" data-testid="home-title">
        {t('home.welcome', { name: operator.name })}
      </h1>
      <dl className="facts">
        <dt>{t('operators.account')}</dt>
        <dd>{operator.account}</dd>
        <dt>{t('operators.role')}</dt>
        <dd>{t(`role.${operator.role}`)}</dd>
        <dt>{t('operators.merchants')}</dt>
        <dd>{operator.merchants === 'all' ? t('operators.allMerchants') : operator.merchants.join(', ')}</dd>
      </dl>
      <h2>{t('home.screens')}</h2>
      <ul className="tiles">
        {screens.map((f) => (
          <li key={f.path}>
            <Link className="tile" to={`/${f.path}`}>
              {t(f.nav)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

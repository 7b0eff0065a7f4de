// Page group "pointMall".
export { PointMallPage } from '../../features/point-mall/PointMallPage.tsx';

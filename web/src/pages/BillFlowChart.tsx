import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardSummary } from '@qb/contracts';

interface BillFlowChartProps {
  data: DashboardSummary['billFlow'];
  incomeLabel: string;
  expenseLabel: string;
  /** shown over the (empty) chart when there is no flow at all */
  emptyText?: string;
}

const INCOME = '#1677ff';
const EXPENSE = '#fa8c16';

/** Income and expense per day as grouped bars: daily sums jump a lot, and bars show that honestly. */
export default function BillFlowChart({ data, incomeLabel, expenseLabel, emptyText }: BillFlowChartProps) {
  const rows = data.map((d) => ({ date: d.date.slice(5), income: Number(d.income) || 0, expense: Number(d.expense) || 0 }));
  return (
    <div style={{ position: 'relative', width: '100%', height: '100%' }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} barGap={1} barCategoryGap="20%">
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#f0f0f0" />
          <XAxis dataKey="date" tick={{ fontSize: 12, fill: 'rgba(0,0,0,0.55)' }} tickLine={false} axisLine={{ stroke: '#d9d9d9' }} minTickGap={12} />
          <YAxis tick={{ fontSize: 12, fill: 'rgba(0,0,0,0.55)' }} tickLine={false} axisLine={false} width={48} />
          <Tooltip formatter={(value) => Number(value).toFixed(2)} cursor={{ fill: 'rgba(22,119,255,0.06)' }} />
          <Legend verticalAlign="top" align="right" height={32} iconType="circle" itemSorter={null} />
          <Bar dataKey="income" name={incomeLabel} fill={INCOME} radius={[3, 3, 0, 0]} animationDuration={500} />
          <Bar dataKey="expense" name={expenseLabel} fill={EXPENSE} radius={[3, 3, 0, 0]} animationDuration={500} />
        </BarChart>
      </ResponsiveContainer>
      {emptyText && <div className="qb-home-chart-empty">{emptyText}</div>}
    </div>
  );
}
